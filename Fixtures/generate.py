#!/usr/bin/env python3
"""Regenerates Fixtures/inputs deterministically (the generated files are committed).

Realistic OpenWeatherMap current-weather replies (/data/2.5/weather) for three cities in all
three unit systems, packed the ways archives come: plain JSON, gzip, multi-member gzip,
tar / tar.gz (with long member names), NDJSON, envelopes; plus bad inputs, each listed with
the reject it must produce in Fixtures/expected/rejects.tsv.
Run: python3 Fixtures/generate.py
"""
import gzip, io, json, math, os, random, shutil, tarfile, time

ROOT = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "inputs")
rnd = random.Random(20240501)

CITIES = {
    "london": dict(lat=51.5085, lon=-0.1257, name="London", country="GB", tz=3600, id=2643743, base_c=12, amp=5),
    "new-york": dict(lat=40.7143, lon=-74.006, name="New York", country="US", tz=-14400, id=5128581, base_c=16, amp=6),
    "sydney": dict(lat=-33.8679, lon=151.2073, name="Sydney", country="AU", tz=36000, id=2147714, base_c=14, amp=4),
}
START = 1714521600  # 2024-05-01T00:00:00Z

def truth_temp(city, t):
    """The 'real' temperature of a city at instant t: a daily cycle plus a day-to-day swing."""
    c = CITIES[city]
    local = t + c["tz"]
    local_hour = (local % 86400) / 3600
    day = local // 86400
    return c["base_c"] + 3 * math.sin(day * 1.3) + c["amp"] * math.sin((local_hour - 9) / 24 * 2 * math.pi)

def truth_rain(city, t):
    """mm of rain in the hour ending at t (deterministic per city and hour)."""
    r = random.Random("%s-%d" % (city, t // 3600))
    return round(r.uniform(0.1, 3.5), 2) if r.random() < 0.2 else 0.0

def reply(city, t, units):
    c = CITIES[city]
    temp_c = truth_temp(city, t) + rnd.uniform(-0.3, 0.3)
    feels_c = temp_c - rnd.uniform(0, 2.5)
    wind_ms = round(rnd.uniform(0.5, 9), 2)
    gust_ms = round(wind_ms + rnd.uniform(0.5, 4), 2)
    rain_1h = truth_rain(city, t)
    raining = rain_1h > 0
    conv_t = {"standard": lambda x: round(x + 273.15, 2), "metric": lambda x: round(x, 2),
              "imperial": lambda x: round(x * 9 / 5 + 32, 2)}[units]
    conv_w = (lambda x: round(x / 0.44704, 2)) if units == "imperial" else (lambda x: x)
    body = {
        "coord": {"lon": round(c["lon"], 4), "lat": round(c["lat"], 4)},
        "weather": [{"id": 500 if raining else rnd.choice([800, 801, 802, 803, 804]),
                     "main": "Rain" if raining else "Clouds",
                     "description": "light rain" if raining else "scattered clouds", "icon": "10d" if raining else "03d"}],
        "base": "stations",
        "main": {"temp": conv_t(temp_c), "feels_like": conv_t(feels_c), "temp_min": conv_t(temp_c - 1),
                 "temp_max": conv_t(temp_c + 1), "pressure": rnd.randint(995, 1030), "humidity": rnd.randint(40, 98)},
        "visibility": rnd.choice([10000, 9000, 8000, 6000]),
        "wind": {"speed": conv_w(wind_ms), "deg": rnd.randint(0, 359), "gust": conv_w(gust_ms)},
        "clouds": {"all": rnd.randint(0, 100)},
        "dt": t,
        "sys": {"type": 2, "id": 2000000 + c["id"] % 1000, "country": c["country"],
                "sunrise": t - (t % 86400) + 18000, "sunset": t - (t % 86400) + 72000},
        "timezone": c["tz"], "id": c["id"], "name": c["name"], "cod": 200,
    }
    if raining:
        body["rain"] = {"1h": rain_1h}
    return body

def day_extremes(city, local_date_start_utc):
    """Max and min of the hourly truth over a local day starting at the given UTC instant."""
    temps = [truth_temp(city, local_date_start_utc + 3600 * h) for h in range(25)]
    return max(temps), min(temps)

def day_rain(city, start):
    return round(sum(truth_rain(city, start + 3600 * h) for h in range(1, 25)), 2)

def noisy(value, lead_days, bias, seed):
    r = random.Random(seed)
    return round(value + bias + r.gauss(0, 0.6 + 0.5 * lead_days), 2)

def k(c):
    return round(c + 273.15, 2)

def f_of(c):
    return round(c * 9 / 5 + 32, 2)

def provider_fixtures():
    """One realistic reply (or a few) per provider format, consistent with the observations."""
    out = {}
    lon_c, ny_c, syd_c = CITIES["london"], CITIES["new-york"], CITIES["sydney"]
    # OpenWeatherMap One Call 3.0, London, metric, in an envelope (issue time = fetched_at).
    for issued in (START + 6 * 3600, START + 2 * 86400 + 6 * 3600):
        daily = []
        for d in range(8):
            midnight = START - lon_c["tz"] + 86400 * ((issued + lon_c["tz"]) // 86400 - START // 86400 + d)
            hi, lo = day_extremes("london", midnight)
            lead = d
            rain = day_rain("london", midnight)
            daily.append({"dt": midnight + 12 * 3600, "sunrise": midnight + 5 * 3600, "sunset": midnight + 20 * 3600,
                          "temp": {"day": round(hi - 1, 2), "min": noisy(lo, lead, 0.5, "owm-lo-%d-%d" % (issued, d)),
                                   "max": noisy(hi, lead, 0.5, "owm-hi-%d-%d" % (issued, d)), "night": round(lo + 1, 2),
                                   "eve": round(hi - 2, 2), "morn": round(lo + 2, 2)},
                          "pressure": 1012, "humidity": 70, "dew_point": 6.5, "wind_speed": 4.2, "wind_deg": 230,
                          "wind_gust": 8.1, "clouds": 60, "pop": min(1, round(rain / 4 + 0.1, 2)), "uvi": 4.1,
                          "weather": [{"id": 500 if rain > 0.5 else 803, "main": "Rain", "description": "light rain", "icon": "10d"}],
                          **({"rain": round(rain * 1.1, 2)} if rain > 0 else {})})
        hourly = []
        for h in range(48):
            t = issued - issued % 3600 + 3600 * h
            hourly.append({"dt": t, "temp": noisy(truth_temp("london", t), h / 24, 0.5, "owm-h-%d-%d" % (issued, h)),
                           "feels_like": 9.5, "pressure": 1012, "humidity": 71, "dew_point": 6.1, "uvi": 1.2, "clouds": 55,
                           "visibility": 10000, "wind_speed": 4.1, "wind_deg": 225, "wind_gust": 7.9, "pop": 0.2,
                           "weather": [{"id": 803, "main": "Clouds", "description": "broken clouds", "icon": "04d"}]})
        body = {"lat": 51.5085, "lon": -0.1257, "timezone": "Europe/London", "timezone_offset": 3600,
                "current": {"dt": issued - 3, "temp": round(truth_temp("london", issued), 2), "feels_like": 9.1, "pressure": 1013,
                            "humidity": 72, "dew_point": 6.0, "uvi": 0.9, "clouds": 40, "visibility": 10000, "wind_speed": 3.6,
                            "wind_deg": 220, "weather": [{"id": 802, "main": "Clouds", "description": "scattered clouds", "icon": "03d"}]},
                "hourly": hourly, "daily": daily}
        env = {"fetched_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(issued)),
               "url": "https://api.openweathermap.org/data/3.0/onecall?lat=51.5085&lon=-0.1257&units=metric&appid=REDACTED",
               "provider": "openweathermap", "location": {"id": "london"}, "response": body}
        out["providers/owm-onecall/london-%s.json" % time.strftime("%Y-%m-%dT%H-%M-%SZ", time.gmtime(issued))] = json.dumps(env, indent=1).encode()
    # OpenWeatherMap 5-day forecast, London, standard (Kelvin); issue time from the file name.
    issued = START
    items = []
    for n in range(40):
        t = issued + 3 * 3600 * (n + 1)
        rain = round(sum(truth_rain("london", t - 3600 * j) for j in range(3)), 2)
        item = {"dt": t, "main": {"temp": k(noisy(truth_temp("london", t), n / 8, 0.3, "f5-%d" % n)), "feels_like": k(9),
                                  "temp_min": k(8), "temp_max": k(12), "pressure": 1012, "sea_level": 1012, "grnd_level": 1008,
                                  "humidity": 70, "temp_kf": 0.4},
                "weather": [{"id": 500 if rain else 804, "main": "Rain" if rain else "Clouds", "description": "light rain" if rain else "overcast clouds", "icon": "10d"}],
                "clouds": {"all": 90}, "wind": {"speed": 4.4, "deg": 240, "gust": 9.1}, "visibility": 10000, "pop": 0.4 if rain else 0.05,
                "sys": {"pod": "d"}, "dt_txt": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t))}
        if rain:
            item["rain"] = {"3h": rain}
        items.append(item)
    body = {"cod": "200", "message": 0, "cnt": 40, "list": items,
            "city": {"id": 2643743, "name": "London", "coord": {"lat": 51.5085, "lon": -0.1257}, "country": "GB",
                     "population": 1000000, "timezone": 3600, "sunrise": START + 16000, "sunset": START + 72000}}
    out["providers/owm-forecast5/london-2024-05-01T00-00-00Z.json.gz"] = gz(json.dumps(body).encode())
    # OpenWeatherMap history 3.0 (data array), London, a day before the archive starts.
    data = [{"dt": START - 3600 * h, "temp": k(truth_temp("london", START - 3600 * h)), "feels_like": k(8), "pressure": 1010,
             "humidity": 80, "dew_point": k(6), "clouds": 75, "visibility": 10000, "wind_speed": 3.1, "wind_deg": 200,
             "weather": [{"id": 803, "main": "Clouds", "description": "broken clouds", "icon": "04n"}]} for h in range(1, 25)]
    out["providers/owm-timemachine/london-2024-04-30.ndjson"] = "".join(
        compact({"lat": 51.5085, "lon": -0.1257, "timezone": "Europe/London", "timezone_offset": 3600, "data": [d]}) + "\n"
        for d in data).encode()
    # OpenWeatherMap direct geocoding: names the places.
    out["providers/owm-geocoding/london-direct.json"] = json.dumps([
        {"name": "London", "local_names": {"en": "London", "fr": "Londres", "ru": "Лондон"}, "lat": 51.5073219, "lon": -0.1276474, "country": "GB", "state": "England"},
        {"name": "London", "lat": 42.9832406, "lon": -81.243372, "country": "CA", "state": "Ontario"}], ensure_ascii=False, indent=2).encode()
    # Dark Sky forecast, New York, us units; issue time = currently.time.
    issued = START + 12 * 3600
    tz = ny_c["tz"]
    hourly = [{"time": issued - issued % 3600 + 3600 * h, "summary": "Cloudy", "icon": "cloudy",
               "precipIntensity": round(truth_rain("new-york", issued + 3600 * (h + 1)) / 25.4, 4), "precipProbability": 0.2,
               "temperature": f_of(noisy(truth_temp("new-york", issued + 3600 * h), h / 24, -0.3, "ds-h-%d" % h)),
               "apparentTemperature": 60, "dewPoint": 50, "humidity": 0.7, "pressure": 1015.2, "windSpeed": 8.1,
               "windGust": 14.3, "windBearing": 200, "cloudCover": 0.8, "uvIndex": 2, "visibility": 10} for h in range(49)]
    daily = []
    for d in range(8):
        midnight = START - tz + 86400 * d
        hi, lo = day_extremes("new-york", midnight)
        rain = day_rain("new-york", midnight)
        daily.append({"time": midnight, "summary": "Rain in the afternoon.", "icon": "rain" if rain > 1 else "partly-cloudy-day",
                      "sunriseTime": midnight + 20000, "sunsetTime": midnight + 70000,
                      "precipIntensity": round(rain / 24 / 25.4, 4), "precipProbability": min(1, round(rain / 5 + 0.05, 2)),
                      "temperatureHigh": f_of(hi), "temperatureLow": f_of(lo),
                      "temperatureMax": f_of(noisy(hi, d, -0.3, "ds-hi-%d" % d)), "temperatureMin": f_of(noisy(lo, d, -0.3, "ds-lo-%d" % d)),
                      "humidity": 0.66, "pressure": 1014.8, "windSpeed": 7.7, "windGust": 19.2, "windBearing": 210,
                      "cloudCover": 0.55, "uvIndex": 6, "visibility": 10})
    body = {"latitude": 40.7143, "longitude": -74.006, "timezone": "America/New_York", "offset": -4,
            "currently": {"time": issued, "summary": "Overcast", "icon": "cloudy", "precipIntensity": 0, "precipProbability": 0,
                          "temperature": f_of(truth_temp("new-york", issued)), "apparentTemperature": 58.1, "dewPoint": 49.2,
                          "humidity": 0.71, "pressure": 1015.1, "windSpeed": 7.9, "windGust": 13.8, "windBearing": 195,
                          "cloudCover": 0.93, "uvIndex": 1, "visibility": 9.7},
            "hourly": {"summary": "Cloudy", "icon": "cloudy", "data": hourly},
            "daily": {"summary": "Rain later this week.", "icon": "rain", "data": daily},
            "flags": {"sources": ["nearest-precip", "nwspa", "gfs", "hrrr"], "nearest-station": 1.2, "units": "us"}}
    out["providers/darksky/new-york-2024-05-01T12-00-00Z.json"] = json.dumps(body).encode()
    # Dark Sky Time Machine, New York, the day before.
    day0 = START - tz - 86400
    body = {"latitude": 40.7143, "longitude": -74.006, "timezone": "America/New_York", "offset": -4,
            "currently": {"time": day0 + 12 * 3600, "temperature": f_of(truth_temp("new-york", day0 + 12 * 3600)), "humidity": 0.6, "icon": "clear-day"},
            "hourly": {"data": [{"time": day0 + 3600 * h, "icon": "clear-night", "temperature": f_of(truth_temp("new-york", day0 + 3600 * h)),
                                 "humidity": 0.6, "pressure": 1016, "windSpeed": 5, "precipIntensity": 0} for h in range(25)]},
            "daily": {"data": [{"time": day0, "temperatureMax": 66, "temperatureMin": 50}]},
            "flags": {"units": "us"}}
    out["providers/darksky/new-york-timemachine-2024-04-30.json"] = json.dumps(body).encode()
    # Apple WeatherKit, Sydney: current, hourly and daily; issue time = metadata.readTime.
    issued = START
    meta = {"attributionURL": "https://weather-data.apple.com/legal-attribution.html", "expireTime": "2024-05-01T00:05:00Z",
            "latitude": -33.868, "longitude": 151.207, "readTime": "2024-05-01T00:00:00Z", "reportedTime": "2024-04-30T23:00:00Z",
            "units": "m", "version": 1}
    def iso(t):
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
    days = []
    for d in range(10):
        midnight = START - syd_c["tz"] + 86400 * d
        hi, lo = day_extremes("sydney", midnight)
        rain = day_rain("sydney", midnight)
        days.append({"forecastStart": iso(midnight), "forecastEnd": iso(midnight + 86400), "conditionCode": "Rain" if rain > 1 else "PartlyCloudy",
                     "maxUvIndex": 5, "moonPhase": "waningCrescent", "precipitationAmount": round(rain * 0.9, 2),
                     "precipitationChance": min(1, round(rain / 5 + 0.05, 2)), "precipitationType": "rain" if rain else "clear",
                     "snowfallAmount": 0, "temperatureMax": noisy(hi, d, 0.2, "wk-hi-%d" % d), "temperatureMin": noisy(lo, d, 0.2, "wk-lo-%d" % d)})
    hours = [{"forecastStart": iso(issued + 3600 * h), "cloudCover": 0.4, "conditionCode": "MostlyClear", "daylight": True,
              "humidity": 0.62, "precipitationAmount": truth_rain("sydney", issued + 3600 * (h + 1)), "precipitationIntensity": 0,
              "precipitationChance": 0.1, "precipitationType": "clear", "pressure": 1018.4, "pressureTrend": "steady",
              "snowfallIntensity": 0, "temperature": noisy(truth_temp("sydney", issued + 3600 * h), h / 24, 0.2, "wk-h-%d" % h),
              "temperatureApparent": 15.1, "temperatureDewPoint": 8.2, "uvIndex": 3, "visibility": 24000.5,
              "windDirection": 180, "windGust": 25.3, "windSpeed": 12.1} for h in range(48)]
    body = {"currentWeather": {"name": "CurrentWeather", "metadata": meta, "asOf": iso(issued), "cloudCover": 0.35,
                               "conditionCode": "PartlyCloudy", "daylight": True, "humidity": 0.64, "precipitationIntensity": 0,
                               "pressure": 1018.6, "pressureTrend": "rising", "temperature": round(truth_temp("sydney", issued), 2),
                               "temperatureApparent": 14.9, "temperatureDewPoint": 8.1, "uvIndex": 2, "visibility": 25000.0,
                               "windDirection": 170, "windGust": 24.0, "windSpeed": 11.2},
            "forecastDaily": {"name": "DailyForecast", "metadata": meta, "days": days},
            "forecastHourly": {"name": "HourlyForecast", "metadata": meta, "hours": hours}}
    out["providers/weatherkit/sydney-weather.json"] = json.dumps(body, indent=2).encode()
    # Open-Meteo forecast, Sydney, IANA zone; issue time from the file name.
    issued = START
    times = [START + syd_c["tz"] + 3600 * h for h in range(48)]  # local wall clock
    body = {"latitude": -33.875, "longitude": 151.25, "generationtime_ms": 0.21, "utc_offset_seconds": 36000,
            "timezone": "Australia/Sydney", "timezone_abbreviation": "AEST", "elevation": 39.0,
            "hourly_units": {"time": "iso8601", "temperature_2m": "°C", "relative_humidity_2m": "%", "precipitation": "mm",
                             "weather_code": "wmo code", "wind_speed_10m": "km/h"},
            "hourly": {"time": [time.strftime("%Y-%m-%dT%H:%M", time.gmtime(t)) for t in times],
                       "temperature_2m": [noisy(truth_temp("sydney", t - syd_c["tz"]), i / 24, 0, "om-h-%d" % i) for i, t in enumerate(times)],
                       "relative_humidity_2m": [65] * 48,
                       "precipitation": [truth_rain("sydney", t - syd_c["tz"]) for t in times],
                       "weather_code": [3] * 47 + [None], "wind_speed_10m": [12.5] * 48},
            "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C", "precipitation_sum": "mm",
                            "precipitation_probability_max": "%", "weather_code": "wmo code"},
            "daily": {"time": [time.strftime("%Y-%m-%d", time.gmtime(START + 86400 * d)) for d in range(7)],
                      "temperature_2m_max": [], "temperature_2m_min": [], "precipitation_sum": [], "precipitation_probability_max": [],
                      "weather_code": []}}
    for d in range(7):
        midnight = START - syd_c["tz"] + 86400 * d
        hi, lo = day_extremes("sydney", midnight)
        rain = day_rain("sydney", midnight)
        body["daily"]["temperature_2m_max"].append(noisy(hi, d, 0, "om-hi-%d" % d))
        body["daily"]["temperature_2m_min"].append(noisy(lo, d, 0, "om-lo-%d" % d))
        body["daily"]["precipitation_sum"].append(rain)
        body["daily"]["precipitation_probability_max"].append(min(100, int(rain * 20 + 5)))
        body["daily"]["weather_code"].append(61 if rain > 1 else 2)
    out["providers/open-meteo/sydney-2024-05-01T00-00-00Z.json"] = json.dumps(body, ensure_ascii=False).encode()
    # Open-Meteo archive, London, unixtime, in an envelope naming the archive API.
    times = [START + 3600 * h for h in range(48)]
    body = {"latitude": 51.5, "longitude": -0.12, "generationtime_ms": 1.1, "utc_offset_seconds": 0, "timezone": "GMT",
            "timezone_abbreviation": "GMT", "elevation": 23,
            "hourly_units": {"time": "unixtime", "temperature_2m": "°C", "precipitation": "mm"},
            "hourly": {"time": times, "temperature_2m": [round(truth_temp("london", t) + 0.2, 1) for t in times],
                       "precipitation": [truth_rain("london", t) for t in times]}}
    env = {"fetched_at": 1715000000, "url": "https://archive-api.open-meteo.com/v1/archive?latitude=51.5&longitude=-0.12&start_date=2024-05-01&end_date=2024-05-02&hourly=temperature_2m,precipitation&timeformat=unixtime",
           "provider": "open-meteo", "location": {"id": "london"}, "response": body}
    out["providers/open-meteo/london-archive-2024-05-01.json"] = json.dumps(env).encode()
    return out

def compact(doc):
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

def write(path, data, mtime=START):
    full = os.path.join(OUT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)
    os.utime(full, (mtime, mtime))

def gz(data):
    return gzip.compress(data, mtime=0)

def tar_bytes(members, fmt, compress):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=fmt) as tf:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = START
            tf.addfile(info, io.BytesIO(data))
    raw = buf.getvalue()
    return gz(raw) if compress else raw

def hours(n, start=START):
    return [start + 3600 * k for k in range(n)]

def main():
    # Only the folders this script writes are rebuilt: quarantine/ and wrappers/ are written by
    # hand (see their READMEs), stations/ by generate_stations.py (called below).
    for folder in ("standard", "metric", "imperial", "mixed", "bad", "providers"):
        if os.path.isdir(os.path.join(OUT, folder)):
            shutil.rmtree(os.path.join(OUT, folder))
    expected = []
    # --- standard (Kelvin): London -----------------------------------------------------------
    t = hours(48)
    write("standard/london-2024-05-01T00-00-00Z.json", json.dumps(reply("london", t[0], "standard"), indent=2).encode())
    write("standard/london-2024-05-01T01-00-00Z.json.gz", gz(json.dumps(reply("london", t[1], "standard"), indent=2).encode()))
    # multi-member gzip: `curl … | gzip >> archive.gz`, no newline between replies
    write("standard/london-appended.json.gz", b"".join(gz(compact(reply("london", x, "standard")).encode()) for x in t[2:8]))
    # NDJSON
    write("standard/london-2024-05-01.ndjson", "".join(compact(reply("london", x, "standard")) + "\n" for x in t[8:24]).encode())
    # tar.gz with a long member name (GNU) and gzipped members
    long_dir = "cron/openweathermap/current/london/" + "very-long-folder-name-" * 3
    members = [(f"{long_dir}/london-{x}.json", compact(reply("london", x, "standard")).encode()) for x in t[24:30]]
    members += [(f"cron/gz/london-{x}.json.gz", gz(compact(reply("london", x, "standard")).encode())) for x in t[30:36]]
    write("standard/london-archive.tar.gz", tar_bytes(members, tarfile.GNU_FORMAT, True))
    # pax tar (plain .tar) with long names
    members = [(f"{long_dir}/pax/london-{x}.json", json.dumps(reply("london", x, "standard"), indent=1).encode()) for x in t[36:42]]
    write("standard/london-pax.tar", tar_bytes(members, tarfile.PAX_FORMAT, False))
    # envelope whose URL says imperial: the URL wins over the folder's (default) units
    env = [{"fetched_at": "2024-05-02T%02d:00:03Z" % (k - 24), "url": "https://api.openweathermap.org/data/2.5/weather?lat=51.51&lon=-0.13&units=imperial&appid=REDACTED",
            "provider": "openweathermap", "location": {"id": "london"}, "response": reply("london", x, "imperial")} for k, x in enumerate(t[42:48], start=42)]
    write("standard/london-envelopes.jsonl.gz", gz("".join(compact(e) + "\n" for e in env).encode()))

    # --- metric: Sydney ---------------------------------------------------------------------
    t = hours(24)
    write("metric/sydney-2024-05-01.ndjson.gz", gz("".join(compact(reply("sydney", x, "metric")) + "\n" for x in t[:20]).encode()))
    write("metric/sydney-2024-05-01T20-00-00Z.json", json.dumps(reply("sydney", t[20], "metric"), indent=2).encode())
    # concatenated documents in one plain file, no separator
    write("metric/sydney-concatenated.json", "".join(compact(reply("sydney", x, "metric")) for x in t[21:24]).encode())

    # --- imperial: New York -----------------------------------------------------------------
    t = hours(24)
    members = [(f"nyc/{x}.json", compact(reply("new-york", x, "imperial")).encode()) for x in t[:12]]
    write("imperial/new-york.tar", tar_bytes(members, tarfile.USTAR_FORMAT, False))
    write("imperial/new-york.tgz", tar_bytes([(f"nyc/{x}.json.gz", gz(compact(reply("new-york", x, "imperial")).encode())) for x in t[12:22]], tarfile.GNU_FORMAT, True))
    write("imperial/new-york-2024-05-01.jsonl", ("\r\n".join(compact(reply("new-york", x, "imperial")) for x in t[22:24]) + "\r\n").encode())

    # --- mixed: duplicates and a BOM --------------------------------------------------------
    dup = compact(reply("london", START + 3600 * 100, "standard"))
    write("mixed/duplicates.ndjson", (dup + "\n" + dup + "\n").encode())
    write("mixed/bom.json", b"\xef\xbb\xbf" + compact(reply("london", START + 3600 * 101, "standard")).encode())

    # --- more days of observations, so that whole local days can be summarised --------------
    write("standard/london-2024-05-03-to-07.ndjson.gz", gz("".join(compact(reply("london", START + 3600 * h, "standard")) + "\n" for h in range(48, 168)).encode()))
    write("imperial/new-york-2024-05-02-to-03.ndjson", "".join(compact(reply("new-york", START + 3600 * h, "imperial")) + "\n" for h in range(24, 72)).encode())
    write("metric/sydney-2024-05-02-to-03.ndjson", "".join(compact(reply("sydney", START + 3600 * h, "metric")) + "\n" for h in range(24, 72)).encode())

    # --- every other provider format ---------------------------------------------------------
    for path, data in provider_fixtures().items():
        write(path, data)

    # --- bad inputs, each with the reject it must produce -----------------------------------
    good = reply("london", START + 3600 * 200, "standard")
    whole = gz(json.dumps(good, indent=2).encode())
    write("bad/truncated.json.gz", whole[: len(whole) // 2])
    expected.append(("bad/truncated.json.gz", 1, "truncated_input", "", "gzip stream ends inside a member"))
    write("bad/broken.json", b'{"coord": {"lon": -0.13, "lat": 51.51}, "main": {"temp": 281.2,, "humidity": 80}}')
    expected.append(("bad/broken.json", 1, "invalid_json", "", "unexpected character ',' at line 1, column 64"))
    w = json.loads(json.dumps(good)); w["main"]["temp"] = "warm"
    write("bad/wrong-type.json", json.dumps(w, indent=2).encode())
    expected.append(("bad/wrong-type.json", 1, "wrong_type", "main.temp", "field 'main.temp' should be a number but is string"))
    m = json.loads(json.dumps(good)); del m["main"]["temp"]
    write("bad/missing-field.json", json.dumps(m).encode())
    expected.append(("bad/missing-field.json", 1, "missing_field", "main.temp", "required field 'main.temp' is missing"))
    write("bad/empty.json", b"")
    expected.append(("bad/empty.json", 1, "empty", "", "no JSON document"))
    h = json.loads(json.dumps(good)); h["main"]["humidity"] = 140
    write("bad/implausible-humidity.json", json.dumps(h).encode())
    expected.append(("bad/implausible-humidity.json", 1, "implausible_value", "main.humidity", "outside the plausible humidity range"))
    write("bad/error-401.json", b'{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}')
    expected.append(("bad/error-401.json", 1, "provider_error", "cod", "OpenWeatherMap error 401: Invalid API key"))
    write("bad/unknown.json", b'{"status": "ok", "payload": [1, 2, 3]}')
    expected.append(("bad/unknown.json", 1, "unknown_format", "", "no known format has these keys: status, payload"))
    write("bad/error-page.json", b"<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>\n")
    expected.append(("bad/error-page.json", 1, "invalid_json", "", "not JSON but an HTML page"))
    lines = [compact(reply("london", START + 3600 * (300 + k), "standard")) for k in range(3)]
    lines[1] = lines[1][: len(lines[1]) // 2]
    write("bad/cut-line.ndjson", ("\n".join(lines) + "\n").encode())
    expected.append(("bad/cut-line.ndjson", 2, "truncated_input", "", "unexpected end of input"))

    crc = bytearray(gz(json.dumps(good).encode()))
    crc[-6] ^= 0xFF  # inside the CRC-32 trailer
    write("bad/bad-crc.json.gz", bytes(crc))
    expected.append(("bad/bad-crc.json.gz", 1, "corrupt_input", "", "gzip data corrupt at compressed byte"))
    # 80 MB of zeros, gzipped to ~80 KB: a decompression bomb in miniature.
    bomb = gzip.compress(b"\0" * (80 << 20), compresslevel=9, mtime=0)
    write("bad/bomb.json.gz", bomb)
    expected.append(("bad/bomb.json.gz", 1, "too_large", "", "refusing a likely decompression bomb"))

    os.makedirs(os.path.join(ROOT, "expected"), exist_ok=True)
    with open(os.path.join(ROOT, "expected", "rejects.tsv"), "w") as f:
        f.write("# file (under inputs/)\tline\treason\tfield_path\tmessage contains\n")
        for row in expected:
            f.write("\t".join(str(x) for x in row) + "\n")
    # --- station truth and NWS forecasts for New York --------------------------------------------
    import generate_stations
    generate_stations.main()

if __name__ == "__main__":
    main()
