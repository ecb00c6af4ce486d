// `write` for the `cache-writer` executable: it passes every write on to the system, and
// once `crash_point_after_bytes` is set, writes to regular files count down; the write that
// reaches zero writes its first bytes only and the process is killed there.
#include "CrashPoint.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static long long budget = -1;

void crash_point_after_bytes(long long bytes) { budget = bytes; }

ssize_t write(int descriptor, const void *buffer, size_t count) {
  struct stat status;
  if (budget >= 0 && fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode)) {
    if ((long long)count >= budget) {
      if (budget > 0) syscall(SYS_write, descriptor, buffer, (size_t)budget);
      kill(getpid(), SIGKILL);
    }
    budget -= (long long)count;
  }
  return syscall(SYS_write, descriptor, buffer, count);
}
