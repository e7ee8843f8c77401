// Source positions (`Mark`) appear throughout the catalog API, so MapperKit users get the YAML
// layer's public types without importing it themselves.
@_exported public import MapperYAML
