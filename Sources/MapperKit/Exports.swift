// Source positions (`Mark`), JSON values and instants appear throughout the catalog API, so
// MapperKit users get the lower layers' public types without importing them themselves.
@_exported public import MapperYAML
@_exported public import MapperJSON
@_exported public import MapperFormats
