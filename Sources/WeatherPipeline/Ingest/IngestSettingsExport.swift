/// `IngestSettings` lives with the decoders that read it (WeatherProviders, embedded in
/// `DecodeContext`); the pipeline's callers name it through this module as before, without
/// importing the decoders.
@_exported import struct WeatherProviders.IngestSettings
