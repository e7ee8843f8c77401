public enum MapperKitPlaceholder {}
