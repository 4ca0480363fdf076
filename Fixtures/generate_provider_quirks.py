#!/usr/bin/env python3
"""Writes wxpipe's own provider replies into Fixtures/providers (the generated files are committed).

Twelve of the recorded replies in the shared sample set have no licence that lets us ship them
(none found, or GPL). Each one here is our own body of the same shape that reproduces the quirk
the recorded one was kept for (listed per file in Fixtures/providers/SOURCES.md); every value
is made up by this script. Names end in `-wxpipe`.
Run: python3 Fixtures/generate_provider_quirks.py
"""
import json, math, os, random
from datetime import datetime, timedelta, timezone

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "providers")
rnd = random.Random(20260101)

def write(rel, body, indent=2, ensure_ascii=False):
    path = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(body, indent=indent, ensure_ascii=ensure_ascii) + "\n")

def wave(t, base, amp, peak_hour_utc, period=86400):
    """A smooth daily cycle with its maximum at peak_hour_utc."""
    return base + amp * math.cos(2 * math.pi * ((t % period) / 3600 - peak_hour_utc) / 24)

def iso_utc(t):
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")

# ---------------------------------------------------------------- OpenWeatherMap current

def owm_current_globe():
    """lat 0/lon 0 is named "Globe"; `sys` holds only sunrise/sunset (no type/id/country);
    `main.sea_level`/`grnd_level` and `wind.gust` are present."""
    write("owm-current/globe-0n0e-standard-no-country-2025-wxpipe.json", {
        "coord": {"lon": 0, "lat": 0},
        "weather": [{"id": 803, "main": "Clouds", "description": "broken clouds", "icon": "04n"}],
        "base": "stations",
        "main": {"temp": 299.08, "feels_like": 299.95, "temp_min": 299.08, "temp_max": 299.08,
                 "pressure": 1012, "humidity": 81, "sea_level": 1012, "grnd_level": 1012},
        "visibility": 10000,
        "wind": {"speed": 4.37, "deg": 198, "gust": 4.86},
        "clouds": {"all": 64},
        "dt": 1751403600,
        "sys": {"sunrise": 1751348640, "sunset": 1751392260},
        "timezone": 0, "id": 6295630, "name": "Globe", "cod": 200,
    })

def owm_current_sys_message():
    """A 2018-era Kelvin body: weather 721 Haze, `sys.type`/`id`/`message`, visibility 16093
    (10 miles), no `timezone` and no `feels_like`."""
    write("owm-current/portland-standard-sys-message-haze-2018-wxpipe.json", {
        "coord": {"lon": -122.68, "lat": 45.52},
        "weather": [{"id": 721, "main": "Haze", "description": "haze", "icon": "50d"}],
        "base": "stations",
        "main": {"temp": 296.42, "pressure": 1016, "humidity": 58, "temp_min": 295.15, "temp_max": 297.55},
        "visibility": 16093,
        "wind": {"speed": 3.6, "deg": 320},
        "clouds": {"all": 20},
        "dt": 1533312000,
        "sys": {"type": 1, "id": 2274, "message": 0.0043, "country": "US", "sunrise": 1533300611, "sunset": 1533353174},
        "id": 5746545, "name": "Portland", "cod": 200,
    })

def owm_current_two_conditions():
    """Metric; two entries in `weather[]` (rain and drizzle); `rain.1h`."""
    write("owm-current/wellington-metric-rain1h-two-weather-conditions-2024-wxpipe.json", {
        "coord": {"lon": 174.78, "lat": -41.29},
        "weather": [{"id": 501, "main": "Rain", "description": "moderate rain", "icon": "10n"},
                    {"id": 301, "main": "Drizzle", "description": "drizzle", "icon": "09n"}],
        "base": "stations",
        "main": {"temp": 9.84, "feels_like": 6.11, "temp_min": 9.02, "temp_max": 10.56, "pressure": 1003, "humidity": 93},
        "visibility": 7000,
        "wind": {"speed": 9.26, "deg": 350},
        "rain": {"1h": 1.42},
        "clouds": {"all": 100},
        "dt": 1719212400,
        "sys": {"type": 2, "id": 2008219, "country": "NZ", "sunrise": 1719172990, "sunset": 1719205060},
        "timezone": 43200, "id": 2179537, "name": "Wellington", "cod": 200,
    })

# ---------------------------------------------------------------- OpenWeatherMap /forecast

FORECAST5_RAINY = {3, 4, 5, 17, 18, 29, 30}  # 7 of 40 items carry rain.3h

def owm_forecast5_metric():
    """Metric (°C, m/s), 40 items with `pop` and `visibility`, `rain.3h` on 7 of them,
    `city.timezone` 3600."""
    start = 1634590800  # 2021-10-18T21:00:00Z
    items = []
    for k in range(40):
        t = start + k * 10800
        temp = round(wave(t, 11.5, 3.2, 14), 2)
        item = {
            "dt": t,
            "main": {"temp": temp, "feels_like": round(temp - 2.1 - 0.02 * k, 2), "temp_min": round(temp - 0.3, 2),
                     "temp_max": temp, "pressure": 1009 - k // 8, "sea_level": 1009 - k // 8,
                     "grnd_level": 1004 - k // 8, "humidity": 70 + k % 20, "temp_kf": -0.3 if k < 3 else 0},
            "weather": [{"id": 500, "main": "Rain", "description": "light rain", "icon": "10n"} if k in FORECAST5_RAINY
                        else {"id": 803, "main": "Clouds", "description": "broken clouds", "icon": "04d"}],
            "clouds": {"all": 60 + k % 40},
            "wind": {"speed": round(4.2 + 0.1 * (k % 17), 2), "deg": 200 + 3 * k},
            "visibility": 10000,
            "pop": round(0.45 + 0.05 * (k % 7), 2) if k in FORECAST5_RAINY else (0.12 if k % 9 == 1 else 0),
        }
        if k in FORECAST5_RAINY:
            item["rain"] = {"3h": round(0.21 + 0.37 * (k % 4), 2)}
        item["sys"] = {"pod": "d" if 7 <= (t // 3600 + 1) % 24 < 19 else "n"}
        item["dt_txt"] = iso_utc(t)
        items.append(item)
    write("owm-forecast5/dublin-metric-pop-visibility-rain3h-2021-wxpipe.json", {
        "cod": "200", "message": 0, "cnt": 40, "list": items,
        "city": {"id": 2964574, "name": "Dublin", "coord": {"lat": 53.344, "lon": -6.2672}, "country": "IE",
                 "population": 1024027, "timezone": 3600, "sunrise": 1634540412, "sunset": 1634577420},
    })

def owm_forecast5_samples_endpoint():
    """The old samples endpoint: Kelvin, `city.country` the string "none", `snow: {}` empty
    objects beside `snow.3h` with five decimals, float `pressure` and `wind.deg`, float `message`,
    no feels_like/pop/visibility."""
    start = 1548968400  # 2019-01-31T21:00:00Z
    items = []
    for k in range(40):
        t = start + k * 10800
        temp = round(wave(t, 258.9, 2.4, 11) + 0.07 * k, 3)
        snowing = k % 5 in (1, 2)
        item = {
            "dt": t,
            "main": {"temp": temp, "temp_min": round(temp - 0.61, 3), "temp_max": temp,
                     "pressure": round(1018.2 + 0.137 * k, 2), "sea_level": round(1039.9 + 0.141 * k, 2),
                     "grnd_level": round(1018.2 + 0.137 * k, 2), "humidity": 74 + k % 12, "temp_kf": 0.61 if k < 8 else 0},
            "weather": [{"id": 600, "main": "Snow", "description": "light snow", "icon": "13n"} if snowing
                        else {"id": 800, "main": "Clear", "description": "clear sky", "icon": "01n"}],
            "clouds": {"all": 76 if snowing else 4},
            "wind": {"speed": round(3.1 + 0.09 * k, 2), "deg": round(201.5 + 1.713 * k, 3)},
            "snow": {"3h": round(0.00725 + 0.01311 * (k % 3), 5)} if snowing else {},
            "sys": {"pod": "n" if (t // 3600) % 24 < 5 or (t // 3600) % 24 >= 14 else "d"},
            "dt_txt": iso_utc(t),
        }
        items.append(item)
    write("owm-forecast5/kazan-samples-endpoint-country-none-empty-snow-2019-wxpipe.json", {
        "cod": "200", "message": 0.0051, "cnt": 40, "list": items,
        "city": {"id": 551487, "name": "Kazan", "coord": {"lat": 55.7887, "lon": 49.1221}, "country": "none"},
    }, indent=None)

# ---------------------------------------------------------------- OpenWeatherMap One Call

ONECALL_RAIN_HOURS = {5, 6, 7, 30, 31}
ONECALL_RAIN_DAYS = {0: 1.37, 2: 4.08, 5: 0.31}

def weather(code):
    table = {800: ("Clear", "clear sky", "01d"), 802: ("Clouds", "scattered clouds", "03d"),
             500: ("Rain", "light rain", "10d"), 501: ("Rain", "moderate rain", "10d")}
    main, desc, icon = table[code]
    return [{"id": code, "main": main, "description": desc, "icon": icon}]

def owm_onecall_daily_pop_rain():
    """One Call 2.5 after Aug 2020, Kelvin: hourly(48) with `pop` and `rain.1h` on some hours,
    daily(8) with `pop` and `rain` as a bare number; no minutely, no alerts."""
    now = 1632128400  # 2021-09-20T09:00:00Z, 11:00 in Madrid
    tz = 7200
    current = {"dt": now, "sunrise": 1632117325, "sunset": 1632161447, "temp": 296.84, "feels_like": 296.57,
               "pressure": 1017, "humidity": 48, "dew_point": 285.12, "uvi": 4.1, "clouds": 20, "visibility": 10000,
               "wind_speed": 2.57, "wind_deg": 230, "weather": weather(802)}
    hourly = []
    for h in range(48):
        t = now - 3600 + 3600 * h
        temp = round(wave(t, 295.4, 5.3, 14), 2)
        item = {"dt": t, "temp": temp, "feels_like": round(temp - 0.4, 2), "pressure": 1017 - h // 12,
                "humidity": 40 + (h * 7) % 35, "dew_point": round(284.2 + 0.05 * h, 2), "clouds": (h * 13) % 100,
                "visibility": 10000, "wind_speed": round(1.8 + 0.11 * (h % 19), 2), "wind_deg": (200 + 9 * h) % 360,
                "weather": weather(500 if h in ONECALL_RAIN_HOURS else 802),
                "pop": round(0.38 + 0.1 * (h % 4), 2) if h in ONECALL_RAIN_HOURS else round(0.01 * (h % 5), 2)}
        if h in ONECALL_RAIN_HOURS:
            item["rain"] = {"1h": round(0.17 + 0.23 * (h % 3), 2)}
        hourly.append(item)
    daily = []
    for d in range(8):
        t = 1632132000 + 86400 * d  # local noon (10:00Z)
        tmax, tmin = round(299.1 - 0.7 * d, 2), round(288.6 - 0.4 * d, 2)
        item = {"dt": t, "sunrise": 1632117325 + 70 * d, "sunset": 1632161447 - 100 * d,
                "temp": {"day": round(tmax - 1.2, 2), "min": tmin, "max": tmax, "night": round(tmin + 1.5, 2),
                         "eve": round(tmax - 2.9, 2), "morn": round(tmin + 0.4, 2)},
                "feels_like": {"day": round(tmax - 1.5, 2), "night": round(tmin + 1.2, 2), "eve": round(tmax - 3.1, 2),
                               "morn": round(tmin + 0.1, 2)},
                "pressure": 1017 - d, "humidity": 45 + 3 * d, "dew_point": round(283.9 + 0.3 * d, 2),
                "wind_speed": round(3.2 + 0.4 * d, 2), "wind_deg": (220 + 17 * d) % 360,
                "weather": weather(501 if d == 2 else 500 if d in ONECALL_RAIN_DAYS else 800),
                "clouds": 20 + 9 * d, "pop": round(0.62 - 0.05 * d, 2) if d in ONECALL_RAIN_DAYS else round(0.03 * d, 2)}
        if d in ONECALL_RAIN_DAYS:
            item["rain"] = ONECALL_RAIN_DAYS[d]
        item["uvi"] = round(5.2 - 0.3 * d, 2)
        daily.append(item)
    write("owm-onecall/onecall25-madrid-standard-daily-pop-rain-2021-wxpipe.json", {
        "lat": 40.42, "lon": -3.7, "timezone": "Europe/Madrid", "timezone_offset": tz,
        "current": current, "hourly": hourly, "daily": daily,
    }, indent=None)

# ---------------------------------------------------------------- OpenWeatherMap geocoding

def owm_geocoding():
    """/geo/1.0/direct as a one-element array with no `local_names` and a full `state` name;
    /geo/1.0/zip asked without a country code: one object with zip/name/lat/lon/country."""
    write("owm-geocoding/direct-boulder-co-no-local-names-wxpipe.json",
          [{"name": "Boulder", "lat": 40.0149856, "lon": -105.2705456, "country": "US", "state": "Colorado"}])
    write("owm-geocoding/zip-80302-boulder-us-no-country-code-wxpipe.json",
          {"zip": "80302", "name": "Boulder", "lat": 40.0172, "lon": -105.2851, "country": "US"})

# ---------------------------------------------------------------- Dark Sky

DE_HOURLY = ["Heiter", "Leicht bewölkt", "Überwiegend bewölkt", "Bedeckt", "Leichter Regen"]
DE_ICONS = ["clear-night", "partly-cloudy-night", "partly-cloudy-day", "cloudy", "rain"]

def darksky_si_german():
    """`flags.units` "si" with German summaries (lang=de), no minutely, `offset` as the last
    key; daily points carry both `temperatureHigh/Low` (daytime/overnight) and
    `temperatureMax/Min` (calendar day), which differ."""
    now = 1579086000  # 2020-01-15T11:00:00Z, noon in Vienna
    def point(t, k):
        temp = round(wave(t, 3.1, 3.6, 13), 2)
        return {"time": t, "summary": DE_HOURLY[k % 5], "icon": DE_ICONS[k % 5],
                "precipIntensity": round(0.21 * (k % 5 == 4), 4), "precipProbability": 0.31 if k % 5 == 4 else 0,
                "temperature": temp, "apparentTemperature": round(temp - 1.8, 2), "dewPoint": round(temp - 4.1, 2),
                "humidity": round(0.62 + 0.01 * (k % 20), 2), "pressure": round(1026.4 - 0.12 * k, 1),
                "windSpeed": round(1.2 + 0.07 * (k % 30), 2), "windGust": round(2.9 + 0.11 * (k % 30), 2),
                "windBearing": (130 + 7 * k) % 360, "cloudCover": round(0.05 * (k % 20), 2), "uvIndex": 1 if 9 <= (t // 3600 + 1) % 24 <= 15 else 0,
                "visibility": 16.093, "ozone": round(301.2 + 0.3 * k, 1)}
    currently = dict(point(now + 240, 0), time=now + 240, summary="Heiter", icon="clear-day")
    hourly = [point(now + 3600 * h, h) for h in range(49)]
    daily = []
    for d in range(8):
        t = 1579042800 + 86400 * d  # local midnight (23:00Z)
        high, low = round(6.4 - 0.5 * d, 2), round(-0.9 + 0.3 * d, 2)
        daily.append({
            "time": t, "summary": "Leichter Regen am Nachmittag." if d % 3 == 1 else "Leicht bewölkt in der Nacht.",
            "icon": "rain" if d % 3 == 1 else "partly-cloudy-night", "sunriseTime": t + 27400 - 60 * d,
            "sunsetTime": t + 58400 + 80 * d, "moonPhase": round(0.68 + 0.034 * d, 2), "precipIntensity": 0.0127 * (d % 3 == 1),
            "precipIntensityMax": 0.31 * (d % 3 == 1), "precipIntensityMaxTime": t + 50400, "precipProbability": 0.44 if d % 3 == 1 else 0.02,
            "temperatureHigh": high, "temperatureHighTime": t + 50400, "temperatureLow": low, "temperatureLowTime": t + 108000,
            "apparentTemperatureHigh": round(high - 1.1, 2), "apparentTemperatureHighTime": t + 50400,
            "apparentTemperatureLow": round(low - 2.3, 2), "apparentTemperatureLowTime": t + 108000,
            "dewPoint": round(-1.4 + 0.2 * d, 2), "humidity": round(0.71 + 0.01 * d, 2), "pressure": round(1025.1 - 1.3 * d, 1),
            "windSpeed": round(1.9 + 0.2 * d, 2), "windGust": round(4.6 + 0.3 * d, 2), "windGustTime": t + 46800,
            "windBearing": (140 + 11 * d) % 360, "cloudCover": round(0.21 + 0.05 * d, 2), "uvIndex": 1, "uvIndexTime": t + 43200,
            "visibility": 16.093, "ozone": round(298.4 + 1.7 * d, 2),
            "temperatureMin": round(low + 0.8, 2), "temperatureMinTime": t + 25200,
            "temperatureMax": round(high + 0.4, 2), "temperatureMaxTime": t + 52200,
            "apparentTemperatureMin": round(low - 1.9, 2), "apparentTemperatureMinTime": t + 25200,
            "apparentTemperatureMax": round(high - 0.8, 2), "apparentTemperatureMaxTime": t + 52200,
        })
    write("darksky/si-vienna-at-lang-de-forecast-2020-wxpipe.json", {
        "latitude": 48.2082, "longitude": 16.3738, "timezone": "Europe/Vienna",
        "currently": currently,
        "hourly": {"summary": "Überwiegend bewölkt bis heute Abend.", "icon": "partly-cloudy-day", "data": hourly},
        "daily": {"summary": "Leichter Regen am Donnerstag, Temperaturen fallend bis 2°C am Mittwoch.", "icon": "rain", "data": daily},
        "flags": {"sources": ["meteoalarm", "cmc", "gfs", "icon", "isd", "madis"],
                  "meteoalarm-license": "Based on data from EUMETNET - MeteoAlarm [https://www.meteoalarm.eu/].",
                  "nearest-station": 1.937, "units": "si"},
        "offset": 1,
    }, indent=None)

# ---------------------------------------------------------------- Open-Meteo

def open_meteo_zone_mismatch():
    """A grid point in Prague asked with `timezone=Europe/London`: abbreviation "GMT+1",
    `utc_offset_seconds` 3600, integer `elevation`, `current` at a local time without offset,
    and an integer among the floats of a daily array."""
    write("open-meteo/forecast-prague-coords-tz-london-current-daily-iso8601-2024-wxpipe.json", {
        "latitude": 50.08, "longitude": 14.439999, "generationtime_ms": 0.0349283218383789,
        "utc_offset_seconds": 3600, "timezone": "Europe/London", "timezone_abbreviation": "GMT+1", "elevation": 237,
        "current_units": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C", "relative_humidity_2m": "%",
                          "weather_code": "wmo code", "wind_speed_10m": "km/h"},
        "current": {"time": "2024-06-14T09:30", "interval": 900, "temperature_2m": 18.6, "relative_humidity_2m": 66,
                    "weather_code": 61, "wind_speed_10m": 14.4},
        "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C"},
        "daily": {"time": ["2024-06-14", "2024-06-15", "2024-06-16", "2024-06-17", "2024-06-18", "2024-06-19", "2024-06-20"],
                  "temperature_2m_max": [21.3, 19.8, 23, 24.6, 22.1, 20.4, 25.7],
                  "temperature_2m_min": [12.4, 11.9, 10.6, 13.2, 14.8, 12, 13.5]},
    })

def open_meteo_legacy():
    """No timezone asked, so "GMT" with offset 0; the legacy `current_weather` object (no
    units block) and legacy names `relativehumidity_2m`, `windspeed_10m`; 168 hourly points;
    float `elevation`."""
    start = datetime(2024, 7, 22, tzinfo=timezone.utc)
    times, temps, hums, winds = [], [], [], []
    for h in range(168):
        t = start + timedelta(hours=h)
        times.append(t.strftime("%Y-%m-%dT%H:%M"))
        temp = round(wave(int(t.timestamp()), 29.2, 3.7, 5), 1)   # 14:00 JST is 05:00 UTC
        temps.append(temp)
        hums.append(int(78 - 2.1 * (temp - 26)))
        winds.append(round(7.9 + 2.3 * math.sin(h / 5), 1))
    write("open-meteo/forecast-osaka-legacy-current_weather-hourly-2024-wxpipe.json", {
        "latitude": 34.7, "longitude": 135.5, "generationtime_ms": 0.4820823669433594,
        "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 14.0,
        "current_weather": {"temperature": 32.6, "windspeed": 9.4, "winddirection": 214.0, "weathercode": 2,
                            "is_day": 1, "time": "2024-07-22T05:00"},
        "hourly_units": {"time": "iso8601", "temperature_2m": "°C", "relativehumidity_2m": "%", "windspeed_10m": "km/h"},
        "hourly": {"time": times, "temperature_2m": temps, "relativehumidity_2m": hums, "windspeed_10m": winds},
    })

# model → hours with data (the rest of its arrays are null: the model's horizon has ended);
# 0 means a model with no data at this point at all.
MULTI_MODELS = {"ecmwf_ifs025": 120, "icon_d2": 48, "gfs_global": 120, "gem_regional": 0,
                "knmi_harmonie_arome_europe": 60, "bom_access_global": 0}
MULTI_VARS = [("temperature_2m", "°C"), ("relative_humidity_2m", "%"), ("precipitation_probability", "%"),
              ("precipitation", "mm"), ("cloud_cover", "%"), ("wind_speed_10m", "km/h"),
              ("wind_direction_10m", "°"), ("surface_pressure", "hPa"), ("cape", "J/kg"), ("snowfall", "cm")]
MULTI_HOURS = 120

def multi_unit(model, var, unit):
    """gem_regional sends "undefined" for every unit; knmi for the two variables it lacks."""
    if model == "gem_regional" or (model == "knmi_harmonie_arome_europe" and var in ("precipitation_probability", "cape")):
        return "undefined"
    return unit

def multi_value(model, var, h):
    horizon = MULTI_MODELS[model]
    if h >= horizon or multi_unit(model, var, "") == "undefined":
        return None
    if var == "precipitation_probability" and model == "icon_d2":
        return None                        # an all-null array with a valid unit
    if var == "cloud_cover" and h % 23 == 7:
        return None                        # a partial null
    bias = {"ecmwf_ifs025": 0, "icon_d2": 0.4, "gfs_global": -0.6, "knmi_harmonie_arome_europe": 0.2}[model]
    t = 1732406400 + 3600 * h
    return {
        "temperature_2m": round(wave(t, 8.1 + bias, 4.2, 13), 1),
        "relative_humidity_2m": 70 + (h * 3) % 25,
        "precipitation_probability": (h * 11) % 60,
        "precipitation": round(0.3 * (h % 9 == 4), 2),
        "cloud_cover": (h * 17) % 101,
        "wind_speed_10m": round(6.5 + 2 * math.sin(h / 7) + bias, 1),
        "wind_direction_10m": (30 + 13 * h) % 360,
        "surface_pressure": round(1014.6 - 0.05 * h, 1),
        "cape": 10 * (h % 4),
        "snowfall": 0.0,
    }[var]

def open_meteo_multimodel():
    """`models=` with six models: every key suffixed by its model; two models with no data at all
    (arrays entirely null; gem_regional's units all "undefined"), partial nulls, an all-null
    array with a valid unit, `"undefined"` as a daily unit, and a slow `generationtime_ms`."""
    times = [(datetime(2024, 11, 24, tzinfo=timezone.utc) + timedelta(hours=h)).strftime("%Y-%m-%dT%H:%M") for h in range(MULTI_HOURS)]
    hourly_units, hourly = {"time": "iso8601"}, {"time": times}
    for model in MULTI_MODELS:
        for var, unit in MULTI_VARS:
            key = var + "_" + model
            hourly_units[key] = multi_unit(model, var, unit)
            hourly[key] = [multi_value(model, var, h) for h in range(MULTI_HOURS)]
    days = [times[24 * d][:10] for d in range(5)]
    daily_units, daily = {"time": "iso8601"}, {"time": days}
    for model in MULTI_MODELS:
        key = "wind_direction_10m_dominant_" + model
        daily_units[key] = "undefined" if model == "gem_regional" else "°"
        daily[key] = [None if 24 * d >= MULTI_MODELS[model] else (40 + 29 * d) % 360 for d in range(5)]
    write("open-meteo/forecast-multimodel-bologna-hourly-daily-nulls-2024-wxpipe.json", {
        "latitude": 44.5, "longitude": 11.25, "generationtime_ms": 871.4420795440674,
        "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 54.0,
        "hourly_units": hourly_units, "hourly": hourly, "daily_units": daily_units, "daily": daily,
    }, indent=None)

if __name__ == "__main__":
    owm_current_globe(); owm_current_sys_message(); owm_current_two_conditions()
    owm_forecast5_metric(); owm_forecast5_samples_endpoint()
    owm_onecall_daily_pop_rain(); owm_geocoding()
    darksky_si_german()
    open_meteo_zone_mismatch(); open_meteo_legacy(); open_meteo_multimodel()
