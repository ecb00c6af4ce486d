#ifndef CRASH_POINT_H
#define CRASH_POINT_H

/// Kills the process (SIGKILL) when it has written `bytes` more bytes to regular files: in
/// the middle of a write, as a crash or a power cut would stop it. Only for `cache-writer`,
/// the executable the disk cache's kill test starts.
void crash_point_after_bytes(long long bytes);

#endif
