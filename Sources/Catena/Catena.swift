// The umbrella module: `import Catena` brings in every Catena module a list screen needs.
@_exported public import CatenaDataSource
@_exported public import CatenaDiff
@_exported public import CatenaOutline
@_exported public import CatenaPaging
@_exported public import CatenaRequest
