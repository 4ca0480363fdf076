#!/usr/bin/env python3
"""Every forecast provider at New York for 24 days, and the station truth, into
Fixtures/inputs/every-provider/ (the generated files are committed; rerunning rewrites them
byte for byte).

One world: KNYC (Central Park) reports hourly at :51 from 2024-06-02 to 2024-06-29 EDT, an
api.weather.gov observation collection per day. Every provider answers once per issue day
(2024-06-03 .. 2024-06-26), all fetched at 05:00 EDT (09:00Z), each reply in the shape its
decoder reads (Fixtures/providers/<name>/ and Sources/WeatherProviders/<Name>/) inside a
collector's envelope: fetch time, request URL (the place, units and endpoint a reply does not
state) and the location id. A provider's forecast of a value is the truth of the window it
is verified over (the local day, its own 06→06 or 07→07 day, its 12-hour period, the hour)
plus its own bias and noise, `SKILL` below, so the expected order of the scores is known;
rounding to the provider's precision (whole °F for NWS, whole °C for The Weather Company)
adds a little.

Fixtures/expected/every-provider.json lists, per source, the day-1 temp_max_c and temp_min_c
pairs this script expects (truth and forecast in °C) and their MAE, computed here from the
values written, for the end-to-end test to compare with the store.
Run: python3 Fixtures/generate_every_provider.py
"""
import gzip, json, math, os, random, time
from statistics import NormalDist

ROOT = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "inputs", "every-provider")
EDT = -4 * 3600
LAT, LON = 40.7143, -74.006
KNYC = dict(id="KNYC", name="New York City, Central Park", lat=40.7789, lon=-73.9692)
DAY0 = 1717300800  # 2024-06-02T04:00:00Z, local midnight starting June 2 (EDT)
TRUTH_DAYS = 28  # June 2 .. June 29
ISSUE_DAYS = range(1, 25)  # June 3 .. June 26
ISSUE_HOUR = 5  # local, 09:00Z

# Per source: bias and standard deviation of its errors (°C), day values and hours. The order
# of this table is the expected order of day-1 MAE, best first.
SKILL = [
    ("weatherapi/forecast", 0.1, 0.5),
    ("openweathermap/onecall", -0.2, 0.7),
    ("tomorrowio/timelines", 0.2, 0.9),
    ("open-meteo/forecast", -0.3, 1.1),
    ("weatherkit/weather", 0.3, 1.3),
    ("accuweather/daily", -0.4, 1.5),
    ("visualcrossing/timeline", 0.5, 1.7),
    ("pirateweather/forecast", -0.5, 1.9),
    ("meteosource/point", 0.6, 2.1),
    ("weatherbit/daily", -0.7, 2.3),
    ("twc/daily", 0.8, 2.6),
    ("darksky/forecast", -0.9, 3.0),
    ("nws/forecast", 1.0, 3.5),
]
# Hour-only products (and the hourly halves of the day products above).
HOURLY_SKILL = {
    "accuweather/hourly": (-0.3, 1.2), "metno/locationforecast": (0.1, 0.8), "brightsky/weather": (0.2, 1.0),
    "metoffice/sitespecific": (-0.1, 0.9), "openweathermap/forecast5": (0.3, 1.4), "nws/forecast-hourly": (0.5, 1.8),
}
SKILL_OF = {s: (b, sd) for s, b, sd in SKILL}


def iso(t, offset=0, seconds=True, colon=True):
    sign = "+" if offset >= 0 else "-"
    zone = ("%s%02d:00" if colon else "%s%02d00") % (sign, abs(offset) // 3600)
    return time.strftime("%Y-%m-%dT%H:%M:%S" if seconds else "%Y-%m-%dT%H:%M", time.gmtime(t + offset)) + zone


def isoz(t, seconds=True):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ" if seconds else "%Y-%m-%dT%H:%MZ", time.gmtime(t))


def local(t, fmt="%Y-%m-%dT%H:%M:%S"):
    return time.strftime(fmt, time.gmtime(t + EDT))


def date_of(t):
    return local(t, "%Y-%m-%d")


# ---------------------------------------------------------------- the truth

def _day_weather(d):
    r = random.Random("nyc-june-%d" % d)
    return 22 + 4 * math.sin(d * 0.9) + r.uniform(-2, 2), r.uniform(3, 6), r.random() < 0.3


def true_temp(t):
    """Central Park's temperature at instant t: a daily cycle (lowest near 05:00, highest 15:00
    local) around each day's mean, with an hour-to-hour wobble; to 0.1 °C as NWS reports it."""
    lt = t + EDT
    d = (t - DAY0) // 86400
    mean, amp, _ = _day_weather(d)
    hour = (lt % 86400) / 3600
    wobble = random.Random("nyc-hour-%d" % (t // 3600)).uniform(-0.4, 0.4)
    return round(mean + amp * math.cos(2 * math.pi * (hour - 15) / 24) + wobble, 1)


def true_rain(t):
    """mm in the hour ending at t: showers on about a third of the days, in the afternoon."""
    d = (t - DAY0) // 86400
    _, _, wet = _day_weather(d)
    hour = ((t + EDT) % 86400) // 3600
    if not wet or not 13 <= hour <= 18:
        return 0.0
    return round(random.Random("nyc-rain-%d" % (t // 3600)).uniform(0, 3), 1)


READINGS = [DAY0 + 3600 * h + 51 * 60 for h in range(24 * TRUTH_DAYS)]


def window(start, end):
    """Highest and lowest reading at :51 and the rain total in [start, end) (past the observed
    period too: forecasts reach beyond it, and those are simply not paired)."""
    first = start - (start - DAY0) % 3600 + 51 * 60
    inside = [t for t in range(first, end, 3600) if t >= start]
    temps = [true_temp(t) for t in inside]
    return max(temps), min(temps), round(sum(true_rain(t) for t in inside), 1)


def midnight(d):
    return DAY0 + 86400 * d


def hour_truth(h):
    """The reading nearest the top of hour h (9 minutes before it): what an hourly forecast is paired with."""
    return true_temp(h - 9 * 60)


def nws_observations(d):
    def q(unit, value, flag="V"):
        return {"unitCode": "wmoUnit:" + unit, "value": value, "qualityControl": flag}
    features = []
    for t in reversed(READINGS[24 * d:24 * d + 24]):
        temp = true_temp(t)
        url = "https://api.weather.gov/stations/KNYC/observations/" + iso(t)
        features.append({
            "id": url, "type": "Feature", "geometry": {"type": "Point", "coordinates": [KNYC["lon"], KNYC["lat"]]},
            "properties": {"@id": url, "@type": "wx:ObservationStation", "elevation": {"unitCode": "wmoUnit:m", "value": 27},
                           "station": "https://api.weather.gov/stations/KNYC", "stationId": "KNYC", "stationName": KNYC["name"],
                           "timestamp": iso(t), "rawMessage": "", "textDescription": "Cloudy", "presentWeather": [],
                           "temperature": q("degC", temp), "dewpoint": q("degC", round(temp - 7, 1)),
                           "windDirection": q("degree_(angle)", 200), "windSpeed": q("km_h-1", 11.16),
                           "windGust": q("km_h-1", None, "Z"), "barometricPressure": q("Pa", 101320),
                           "seaLevelPressure": q("Pa", 101420), "visibility": q("m", 16090),
                           "maxTemperatureLast24Hours": {"unitCode": "wmoUnit:degC", "value": None},
                           "minTemperatureLast24Hours": {"unitCode": "wmoUnit:degC", "value": None},
                           "precipitationLastHour": q("mm", true_rain(t)),
                           "precipitationLast3Hours": q("mm", None, "Z"), "precipitationLast6Hours": q("mm", None, "Z"),
                           "relativeHumidity": q("percent", 64.0), "windChill": q("degC", None), "heatIndex": q("degC", None),
                           "cloudLayers": [{"base": {"unitCode": "wmoUnit:m", "value": 1520}, "amount": "OVC"}]}})
    return {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"], "type": "FeatureCollection", "features": features}


# ---------------------------------------------------------------- errors and the expected pairs

EXPECTED = {}  # source -> list of pairs


# The day-1 noise of a source is the same 24 standard-normal quantiles for every source, in an
# order of its own: each source's day-1 errors are then its bias plus its spread times one fixed
# set of values, so the MAEs follow SKILL's order by construction, not by the luck of a sample.
QUANTILES = [NormalDist().inv_cdf((j + 0.5) / len(ISSUE_DAYS)) for j in range(len(ISSUE_DAYS))]


def err(source, key, lead, slot=None, issue_day=None):
    """The source's error on one value (°C): bias plus noise growing with the lead."""
    bias, sd = SKILL_OF.get(source) or HOURLY_SKILL[source]
    if lead == 1 and slot is not None:
        order = list(range(len(QUANTILES)))
        random.Random("%s|%s" % (source, slot)).shuffle(order)
        z = QUANTILES[order[issue_day - ISSUE_DAYS[0]]]
    else:
        z = random.Random("%s|%s" % (source, key)).gauss(0, 1)
    return bias + sd * z * (1 + 0.15 * max(lead, 0))


def day_value(source, issue_day, target_day, start, end, kind, to_units, from_units, expect=True):
    """A forecast of the window's high (kind 'max') or low ('min') in the provider's units; the
    pair the store should hold for a day-1 value is recorded as (target date, kind, truth, forecast °C)."""
    hi, lo, _ = window(start, end)
    truth = hi if kind == "max" else lo
    lead = target_day - issue_day
    slot = "%s-%d-%d" % (kind, (start - DAY0) % 86400, end - start)
    written = to_units(truth + err(source, "%s-%d-%d-%d" % (kind, issue_day, start, end), lead, slot, issue_day))
    if expect and lead == 1:
        EXPECTED.setdefault(source, []).append(
            {"target_date": date_of(midnight(target_day)), "variable": "temp_%s_c" % kind, "valid_from": isoz(start),
             "observed": truth, "forecast": from_units(written)})
    return written


def hour_value(source, issued, h, to_units):
    lead = (h - issued) / 86400
    return to_units(hour_truth(h) + err(source, "hour-%d-%d" % (issued, h), lead))


def rain_value(source, issue_day, start, end, to_units=lambda x: x):
    _, _, total = window(start, end)
    factor = 1 + 0.1 * random.Random("%s|rain|%d|%d" % (source, issue_day, start)).uniform(-3, 3)
    return to_units(max(0.0, total * factor))


C1 = lambda x: round(x, 1)
C2 = lambda x: round(x, 2)
C0 = lambda x: int(round(x))
F0 = lambda c: int(round(c * 9 / 5 + 32))
FROM_F = lambda f: (f - 32) * 5 / 9
SAME = lambda x: x


def pop(rain_mm):
    return 70 if rain_mm > 1 else (40 if rain_mm > 0 else 10)


def envelope(issued, url, provider, body):
    return {"fetched_at": isoz(issued), "url": url, "provider": provider, "location": {"id": "new-york"}, "response": body}


# ---------------------------------------------------------------- the providers

def weatherapi(i, issued):
    s = "weatherapi/forecast"
    days = []
    for k in range(3):
        d = i + k
        a, b = midnight(d), midnight(d + 1)
        hours = []
        for h in range(a, b, 3600):
            tc = hour_value(s, issued, h, C1)
            rain = rain_value(s, i, h - 3600, h, C2)
            hours.append({"time_epoch": h, "time": local(h, "%Y-%m-%d %H:%M"), "temp_c": tc, "temp_f": round(tc * 1.8 + 32, 1),
                          "is_day": 1, "condition": {"text": "Partly cloudy", "icon": "//cdn.weatherapi.com/weather/64x64/day/116.png", "code": 1003},
                          "wind_kph": 11.2, "wind_degree": 200, "pressure_mb": 1015.0, "precip_mm": rain, "humidity": 64,
                          "cloud": 40, "chance_of_rain": pop(rain), "vis_km": 10.0, "gust_kph": 20.0})
        mx = day_value(s, i, d, a, b, "max", C1, SAME)
        mn = day_value(s, i, d, a, b, "min", C1, SAME)
        rain = rain_value(s, i, a, b, C2)
        days.append({"date": date_of(a), "date_epoch": a + EDT,
                     "day": {"maxtemp_c": mx, "maxtemp_f": round(mx * 1.8 + 32, 1), "mintemp_c": mn, "mintemp_f": round(mn * 1.8 + 32, 1),
                             "totalprecip_mm": rain, "totalprecip_in": round(rain / 25.4, 2), "avghumidity": 64,
                             "daily_will_it_rain": int(rain > 0), "daily_chance_of_rain": pop(rain),
                             "condition": {"text": "Partly cloudy", "icon": "//cdn.weatherapi.com/weather/64x64/day/116.png", "code": 1003}},
                     "hour": hours})
    body = {"location": {"name": "New York", "region": "New York", "country": "United States of America", "lat": 40.71, "lon": -74.01,
                         "tz_id": "America/New_York", "localtime_epoch": issued, "localtime": local(issued, "%Y-%m-%d %-H:%M")},
            "current": {"last_updated_epoch": issued - 900, "last_updated": local(issued - 900, "%Y-%m-%d %H:%M"),
                        "temp_c": true_temp(issued), "is_day": 0, "condition": {"text": "Clear", "icon": "", "code": 1000},
                        "wind_kph": 9.0, "humidity": 70, "cloud": 10},
            "forecast": {"forecastday": days}}
    return envelope(issued, "https://api.weatherapi.com/v1/forecast.json?q=40.7143,-74.006&days=3", "weatherapi", body)


def tomorrowio(i, issued):
    s = "tomorrowio/timelines"
    days = []
    for k in range(4):
        a = midnight(i + k) + 6 * 3600
        b = a + 86400
        rain = rain_value(s, i, a, b, C1)
        days.append({"startTime": isoz(a), "values": {
            "temperatureMax": day_value(s, i, i + k, a, b, "max", C1, SAME),
            "temperatureMin": day_value(s, i, i + k, a, b, "min", C1, SAME),
            "rainAccumulationSum": rain, "precipitationProbabilityMax": pop(rain), "weatherCodeMax": 1101}})
    hours = [{"startTime": isoz(h), "values": {"temperature": hour_value(s, issued, h, C1), "precipitationProbability": 10,
                                               "pressureSeaLevel": 1015.2, "weatherCode": 1100}}
             for h in range(issued, issued + 48 * 3600, 3600)]
    body = {"data": {"timelines": [
        {"timestep": "1d", "startTime": days[0]["startTime"], "endTime": days[-1]["startTime"], "intervals": days},
        {"timestep": "1h", "startTime": hours[0]["startTime"], "endTime": hours[-1]["startTime"], "intervals": hours}]}}
    url = ("https://api.tomorrow.io/v4/timelines?location=40.7143,-74.006&timesteps=1h,1d&units=metric"
           "&fields=temperature,temperatureMax,temperatureMin,rainAccumulationSum,precipitationProbability")
    return envelope(issued, url, "tomorrowio", body)


def accu_q(value, unit, unit_type):
    return {"Value": value, "Unit": unit, "UnitType": unit_type}


def accuweather_hourly(i, issued):
    s = "accuweather/hourly"
    hours = []
    for h in range(issued + 3600, issued + 25 * 3600, 3600):
        rain = rain_value(s, i, h, h + 3600, C1)
        hours.append({"DateTime": iso(h, EDT), "EpochDateTime": h, "WeatherIcon": 3, "IconPhrase": "Partly sunny",
                      "HasPrecipitation": rain > 0, "IsDaylight": True,
                      "Temperature": accu_q(hour_value(s, issued, h, C1), "C", 17),
                      "RealFeelTemperature": dict(accu_q(24.0, "C", 17), Phrase="Pleasant"), "DewPoint": accu_q(15.0, "C", 17),
                      "Wind": {"Speed": accu_q(11.1, "km/h", 7), "Direction": {"Degrees": 200, "Localized": "SSW", "English": "SSW"}},
                      "WindGust": {"Speed": accu_q(20.4, "km/h", 7)}, "RelativeHumidity": 64,
                      "Visibility": accu_q(16.1, "km", 6), "CloudCover": 40, "PrecipitationProbability": pop(rain),
                      "TotalLiquid": accu_q(rain, "mm", 3), "Rain": accu_q(rain, "mm", 3), "Snow": accu_q(0, "cm", 4),
                      "Ice": accu_q(0, "mm", 3)})
    url = "https://dataservice.accuweather.com/forecasts/v1/hourly/24hour/349727?language=en-us&details=true&metric=true&lat=40.7143&lon=-74.006"
    return envelope(issued, url, "accuweather", hours)


def accuweather_daily(i, issued):
    s = "accuweather/daily"
    entries = []
    for k in range(5):
        a = midnight(i + k) + 7 * 3600
        b = a + 86400

        def half(start):
            rain = rain_value(s, i, start, start + 12 * 3600, C1)
            return {"Icon": 3, "IconPhrase": "Partly sunny", "HasPrecipitation": rain > 0, "PrecipitationProbability": pop(rain),
                    "Wind": {"Speed": accu_q(11.1, "km/h", 7), "Direction": {"Degrees": 200, "Localized": "SSW", "English": "SSW"}},
                    "TotalLiquid": accu_q(rain, "mm", 3), "Rain": accu_q(rain, "mm", 3), "Snow": accu_q(0, "cm", 4),
                    "Ice": accu_q(0, "mm", 3), "CloudCover": 40}
        entries.append({"Date": iso(a, EDT), "EpochDate": a,
                        "Temperature": {"Minimum": accu_q(day_value(s, i, i + k, a, b, "min", C1, SAME), "C", 17),
                                        "Maximum": accu_q(day_value(s, i, i + k, a, b, "max", C1, SAME), "C", 17)},
                        "Day": half(a), "Night": half(a + 12 * 3600), "Sources": ["AccuWeather"]})
    body = {"Headline": {"EffectiveDate": entries[0]["Date"], "EffectiveEpochDate": entries[0]["EpochDate"], "Severity": 7,
                         "Text": "Pleasant this week", "Category": ""}, "DailyForecasts": entries}
    url = "https://dataservice.accuweather.com/forecasts/v1/daily/5day/349727?language=en-us&details=true&metric=true&lat=40.7143&lon=-74.006"
    return envelope(issued, url, "accuweather", body)


def metno(i, issued):
    s = "metno/locationforecast"
    steps = []
    for h in range(issued, issued + 48 * 3600, 3600):
        rain = rain_value(s, i, h, h + 3600, C1)
        steps.append({"time": isoz(h), "data": {
            "instant": {"details": {"air_pressure_at_sea_level": 1015.2, "air_temperature": hour_value(s, issued, h, C1),
                                    "cloud_area_fraction": 40.0, "relative_humidity": 64.0, "wind_from_direction": 200.0, "wind_speed": 3.1}},
            "next_12_hours": {"summary": {"symbol_code": "partlycloudy_day"}, "details": {}},
            "next_1_hours": {"summary": {"symbol_code": "partlycloudy_day"}, "details": {"precipitation_amount": rain}},
            "next_6_hours": {"summary": {"symbol_code": "partlycloudy_day"}, "details": {"precipitation_amount": rain}}}})
    body = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [LON, LAT, 10]},
            "properties": {"meta": {"updated_at": isoz(issued - 1800), "units": {
                "air_pressure_at_sea_level": "hPa", "air_temperature": "celsius", "cloud_area_fraction": "%",
                "precipitation_amount": "mm", "relative_humidity": "%", "wind_from_direction": "degrees", "wind_speed": "m/s"}},
                "timeseries": steps}}
    return envelope(issued, "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=40.7143&lon=-74.006", "metno", body)


def magnus_rh(t, dew):
    g = lambda x: 17.625 * x / (243.04 + x)
    return round(100 * math.exp(g(dew) - g(t)), 2)


def visualcrossing(i, issued):
    s = "visualcrossing/timeline"
    days = []
    for k in range(4):
        a, b = midnight(i + k), midnight(i + k + 1)
        hours = []
        for h in range(a, b, 3600):
            tc = hour_value(s, issued, h, C1)
            rain = rain_value(s, i, h, h + 3600, C1)
            dew = round(min(15.0, tc - 2), 1)
            hours.append({"datetime": local(h, "%H:%M:%S"), "datetimeEpoch": h, "temp": tc, "humidity": magnus_rh(tc, dew),
                          "dew": dew, "precip": rain, "precipprob": pop(rain), "snow": 0.0, "windspeed": 11.2, "winddir": 200.0,
                          "pressure": 1015.0, "cloudcover": 40.0, "conditions": "Partially cloudy", "icon": "partly-cloudy-day",
                          "source": "fcst"})
        rain = rain_value(s, i, a, b, C1)
        days.append({"datetime": date_of(a), "datetimeEpoch": a, "tempmax": day_value(s, i, i + k, a, b, "max", C1, SAME),
                     "tempmin": day_value(s, i, i + k, a, b, "min", C1, SAME), "temp": 22.0, "dew": 15.0, "humidity": 64.0,
                     "precip": rain, "precipprob": pop(rain), "snow": 0.0, "windspeed": 14.0, "winddir": 200.0, "pressure": 1015.0,
                     "cloudcover": 40.0, "conditions": "Partially cloudy", "icon": "partly-cloudy-day", "source": "fcst", "hours": hours})
    body = {"queryCost": 1, "latitude": LAT, "longitude": LON, "resolvedAddress": "New York, NY, United States",
            "address": "40.7143,-74.006", "timezone": "America/New_York", "tzoffset": -4.0, "days": days}
    url = ("https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/40.7143,-74.006/next3days"
           "?unitGroup=metric&include=days,hours&elements=datetime,datetimeEpoch,tempmax,tempmin,temp,dew,humidity,precip,"
           "precipprob,snow,windspeed,winddir,pressure,cloudcover,conditions,icon,source")
    return envelope(issued, url, "visualcrossing", body)


def darksky_like(s, i, issued, pirate):
    hourly = []
    for h in range(issued, issued + 48 * 3600, 3600):
        rain = rain_value(s, i, h, h + 3600, C2)
        point = {"time": h, "summary": "Partly Cloudy", "icon": "partly-cloudy-day", "precipIntensity": rain,
                 "precipProbability": pop(rain) / 100, "temperature": hour_value(s, issued, h, C2), "dewPoint": 15.0,
                 "humidity": 0.64, "pressure": 1015.2, "windSpeed": 3.1, "windBearing": 200, "cloudCover": 0.4, "visibility": 16.09}
        if pirate:
            point.update(liquidAccumulation=round(rain / 10, 3), snowAccumulation=0.0, iceAccumulation=0.0)
        hourly.append(point)
    daily = []
    for k in range(8):
        a, b = midnight(i + k), midnight(i + k + 1)
        rain = rain_value(s, i, a, b, C2)
        mx = day_value(s, i, i + k, a, b, "max", C2, SAME)
        mn = day_value(s, i, i + k, a, b, "min", C2, SAME)
        day = {"time": a, "summary": "Partly cloudy throughout the day.", "icon": "partly-cloudy-day",
               "precipIntensity": round(rain / 24, 4), "precipProbability": pop(rain) / 100, "temperatureHigh": mx,
               "temperatureLow": mn, "dewPoint": 15.0, "humidity": 0.64, "pressure": 1015.2, "windSpeed": 3.1, "windBearing": 200,
               "cloudCover": 0.4, "temperatureMin": mn, "temperatureMax": mx}
        if pirate:
            day.update(liquidAccumulation=round(rain / 10, 3), snowAccumulation=0.0, iceAccumulation=0.0)
        daily.append(day)
    flags = {"sources": ["ETOPO1", "gfs", "gefs", "hrrr"], "units": "si", "version": "V2.0.1"} if pirate else \
        {"sources": ["nwspa", "cmc", "gfs", "hrrr", "icon", "isd", "madis", "nam", "sref"], "nearest-station": 1.8, "units": "si"}
    current = dict(hourly[0], time=issued)
    body = {"latitude": LAT, "longitude": LON, "timezone": "America/New_York", "offset": -4, "currently": current,
            "hourly": {"summary": "Partly cloudy.", "icon": "partly-cloudy-day", "data": hourly},
            "daily": {"summary": "Warm all week.", "icon": "partly-cloudy-day", "data": daily}, "flags": flags}
    if pirate:
        body["elevation"] = 10
        return envelope(issued, "https://api.pirateweather.net/forecast/KEY/40.7143,-74.006?units=si&exclude=minutely,alerts", "pirateweather", body)
    return envelope(issued, "https://api.darksky.net/forecast/KEY/40.7143,-74.006?units=si&exclude=minutely,alerts", "darksky", body)


def weatherbit(i, issued):
    s = "weatherbit/daily"
    data = []
    for k in range(4):
        a, b = midnight(i + k), midnight(i + k + 1)
        rain = rain_value(s, i, a, b, C2)
        mx = day_value(s, i, i + k, a, b, "max", C1, SAME)
        mn = day_value(s, i, i + k, a, b, "min", C1, SAME)
        data.append({"valid_date": date_of(a), "datetime": date_of(a), "ts": issued if k == 0 else a + 60, "max_temp": mx, "min_temp": mn,
                     "high_temp": mx, "low_temp": mn, "pop": pop(rain), "precip": rain, "snow": 0.0, "snow_depth": 0, "rh": 64,
                     "dewpt": 15.0, "clouds": 40, "slp": 1015, "pres": 1013, "wind_spd": 3.1, "wind_dir": 200, "wind_cdir": "SSW",
                     "vis": 16.0, "uv": 7.0, "weather": {"icon": "c02d", "code": 802, "description": "Scattered clouds"}})
    body = {"city_name": "New York City", "country_code": "US", "state_code": "NY", "lat": LAT, "lon": LON,
            "timezone": "America/New_York", "data": data}
    return envelope(issued, "https://api.weatherbit.io/v2.0/forecast/daily?lat=40.7143&lon=-74.006&units=M&days=4&key=KEY", "weatherbit", body)


def brightsky(i, issued):
    s = "brightsky/weather"
    records = []
    for h in range(issued, issued + 48 * 3600, 3600):
        records.append({"timestamp": iso(h), "source_id": 1001, "precipitation": rain_value(s, i, h - 3600, h, C1),
                        "pressure_msl": 1015.2, "sunshine": None, "temperature": hour_value(s, issued, h, C1), "wind_direction": 200,
                        "wind_speed": 11.2, "cloud_cover": 40, "dew_point": 15.0, "relative_humidity": None, "visibility": 20000,
                        "wind_gust_direction": None, "wind_gust_speed": 20.4, "condition": "dry", "precipitation_probability": 10,
                        "precipitation_probability_6h": None, "solar": None, "icon": "partly-cloudy-day"})
    body = {"weather": records, "sources": [{"id": 1001, "dwd_station_id": None, "observation_type": "forecast", "lat": 40.78,
                                             "lon": -73.97, "height": 40, "station_name": "NEW YORK/CENTRAL PARK", "wmo_station_id": "72506",
                                             "first_record": iso(issued), "last_record": iso(issued + 47 * 3600), "distance": 7300}]}
    url = "https://api.brightsky.dev/weather?lat=40.7143&lon=-74.006&date=%s&last_date=%s" % (isoz(issued), isoz(issued + 47 * 3600))
    return envelope(issued, url, "brightsky", body)


METOFFICE_PARAMETERS = None


def metoffice(i, issued):
    global METOFFICE_PARAMETERS
    if METOFFICE_PARAMETERS is None:
        with open(os.path.join(ROOT, "providers", "metoffice", "magicmirror_london_hourly_2026-02-07.json")) as f:
            METOFFICE_PARAMETERS = json.load(f)["parameters"]
    s = "metoffice/sitespecific"
    steps = []
    for h in range(issued, issued + 48 * 3600, 3600):
        tc = hour_value(s, issued, h, C2)
        steps.append({"time": isoz(h, seconds=False), "screenTemperature": tc, "maxScreenAirTemp": tc, "minScreenAirTemp": tc,
                      "screenDewPointTemperature": 15.0, "feelsLikeTemperature": tc, "windSpeed10m": 3.1, "windDirectionFrom10m": 200,
                      "windGustSpeed10m": 5.7, "max10mWindGust": 6.2, "visibility": 20000, "screenRelativeHumidity": 64.0,
                      "mslp": 101520, "uvIndex": 1, "significantWeatherCode": 3, "precipitationRate": 0.0,
                      "totalPrecipAmount": rain_value(s, i, h - 3600, h, C2), "totalSnowAmount": 0, "probOfPrecipitation": 10})
    body = {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [LON, LAT, 10.0]},
            "properties": {"location": {"name": "New York"}, "requestPointDistance": 120.5, "modelRunDate": isoz(issued - 3600, seconds=False),
                           "timeSeries": steps}}], "parameters": METOFFICE_PARAMETERS}
    url = "https://data.hub.api.metoffice.gov.uk/sitespecific/v0/point/hourly?latitude=40.7143&longitude=-74.006"
    return envelope(issued, url, "metoffice", body)


def meteosource(i, issued):
    s = "meteosource/point"
    hourly = [{"date": local(h), "weather": "partly_sunny", "icon": 3, "summary": "Partly sunny",
               "temperature": hour_value(s, issued, h, C1), "wind": {"speed": 3.1, "dir": "SSW", "angle": 200},
               "cloud_cover": {"total": 40}, "pressure": 1015, "precipitation": {"total": rain_value(s, i, h, h + 3600, C1), "type": "rain"},
               "probability": {"precipitation": 10, "storm": 0, "freeze": 0}, "humidity": 64}
              for h in range(issued, issued + 48 * 3600, 3600)]
    daily = []
    for k in range(4):
        a, b = midnight(i + k), midnight(i + k + 1)
        rain = rain_value(s, i, a, b, C1)
        daily.append({"day": date_of(a), "weather": "partly_sunny", "icon": 3, "summary": "Partly sunny.",
                      "all_day": {"weather": "partly_sunny", "icon": 3, "temperature": 22.0,
                                  "temperature_min": day_value(s, i, i + k, a, b, "min", C1, SAME),
                                  "temperature_max": day_value(s, i, i + k, a, b, "max", C1, SAME),
                                  "wind": {"speed": 3.1, "dir": "SSW", "angle": 200}, "cloud_cover": {"total": 40}, "pressure": 1015,
                                  "precipitation": {"total": rain, "type": "rain"},
                                  "probability": {"precipitation": pop(rain), "storm": 0, "freeze": 0}, "humidity": 64},
                      "morning": None, "afternoon": None, "evening": None})
    body = {"lat": "40.7143N", "lon": "74.006W", "elevation": 10, "timezone": "America/New_York", "units": "metric",
            "current": {"icon": "partly_sunny", "icon_num": 3, "summary": "Partly sunny", "temperature": hourly[0]["temperature"],
                        "wind": {"speed": 3.1, "angle": 200, "dir": "SSW"}, "precipitation": {"total": 0.0, "type": "none"},
                        "cloud_cover": 40},
            "hourly": {"data": hourly}, "daily": {"data": daily}}
    url = "https://www.meteosource.com/api/v1/free/point?lat=40.7143&lon=-74.006&sections=current,hourly,daily&timezone=America/New_York&units=metric"
    return envelope(issued, url, "meteosource", body)


def twc(i, issued):
    s = "twc/daily"
    cols = {k: [] for k in ("calendarDayTemperatureMax", "calendarDayTemperatureMin", "dayOfWeek", "expirationTimeUtc", "narrative",
                            "qpf", "qpfSnow", "temperatureMax", "temperatureMin", "validTimeLocal", "validTimeUtc")}
    part = {k: [] for k in ("cloudCover", "dayOrNight", "daypartName", "iconCode", "precipChance", "precipType", "qpf", "qpfSnow",
                            "relativeHumidity", "temperature", "windDirection", "windSpeed", "wxPhraseLong", "uvIndex")}
    for k in range(3):
        a, b = midnight(i + k), midnight(i + k + 1)
        seven = a + 7 * 3600
        cols["calendarDayTemperatureMax"].append(day_value(s, i, i + k, a, b, "max", C0, SAME))
        cols["calendarDayTemperatureMin"].append(day_value(s, i, i + k, a, b, "min", C0, SAME))
        cols["dayOfWeek"].append(time.strftime("%A", time.gmtime(a + EDT)))
        cols["expirationTimeUtc"].append(issued + 1800)
        cols["narrative"].append("Partly cloudy.")
        rain = rain_value(s, i, seven, seven + 86400, C1)
        cols["qpf"].append(rain)
        cols["qpfSnow"].append(0.0)
        day_hi = day_value(s, i, i + k, seven, seven + 12 * 3600, "max", C0, SAME)
        night_lo = day_value(s, i, i + k, seven + 12 * 3600, seven + 86400, "min", C0, SAME)
        cols["temperatureMax"].append(day_hi)
        cols["temperatureMin"].append(night_lo)
        cols["validTimeLocal"].append(iso(seven, EDT, colon=False))
        cols["validTimeUtc"].append(seven)
        for n, (start, temp) in enumerate(((seven, day_hi), (seven + 12 * 3600, night_lo))):
            r = rain_value(s, i, start, start + 12 * 3600, C1)
            part["cloudCover"].append(40); part["dayOrNight"].append("DN"[n])
            part["daypartName"].append(["Today", "Tonight"][n] if k == 0 else time.strftime("%A", time.gmtime(a + EDT)) + ["", " night"][n])
            part["iconCode"].append([30, 29][n]); part["precipChance"].append(pop(r)); part["precipType"].append("rain")
            part["qpf"].append(r); part["qpfSnow"].append(0.0); part["relativeHumidity"].append(64); part["temperature"].append(temp)
            part["windDirection"].append(200); part["windSpeed"].append(11); part["wxPhraseLong"].append("Partly Cloudy")
            part["uvIndex"].append([7, 0][n])
    body = dict(cols, daypart=[part])
    url = "https://api.weather.com/v3/wx/forecast/daily/3day?geocode=40.71,-74.01&format=json&units=m&language=en-US"
    return envelope(issued, url, "twc", body)


def onecall(i, issued):
    s = "openweathermap/onecall"
    weather = [{"id": 802, "main": "Clouds", "description": "scattered clouds", "icon": "03d"}]
    hourly = [{"dt": h, "temp": hour_value(s, issued, h, C2), "feels_like": 22.0, "pressure": 1015, "humidity": 64, "dew_point": 15.0,
               "clouds": 40, "visibility": 10000, "wind_speed": 3.1, "wind_deg": 200, "weather": weather, "pop": 0.1}
              for h in range(issued, issued + 48 * 3600, 3600)]
    daily = []
    for k in range(8):
        a, b = midnight(i + k), midnight(i + k + 1)
        rain = rain_value(s, i, a, b, C2)
        day = {"dt": a + 12 * 3600, "sunrise": a + 5 * 3600 + 1500, "sunset": a + 20 * 3600 + 1800,
               "temp": {"day": 24.0, "min": day_value(s, i, i + k, a, b, "min", C2, SAME), "max": day_value(s, i, i + k, a, b, "max", C2, SAME),
                        "night": 19.0, "eve": 23.0, "morn": 18.0},
               "feels_like": {"day": 24.0, "night": 19.0, "eve": 23.0, "morn": 18.0}, "pressure": 1015, "humidity": 64, "dew_point": 15.0,
               "wind_speed": 3.1, "wind_deg": 200, "weather": weather, "clouds": 40, "pop": pop(rain) / 100, "uvi": 7.1}
        if rain > 0:
            day["rain"] = rain
        daily.append(day)
    body = {"lat": LAT, "lon": LON, "timezone": "America/New_York", "timezone_offset": EDT,
            "current": {"dt": issued, "sunrise": midnight(i) + 5 * 3600 + 1500, "sunset": midnight(i) + 20 * 3600 + 1800,
                        "temp": hourly[0]["temp"], "feels_like": 20.0, "pressure": 1015, "humidity": 70, "dew_point": 15.0, "uvi": 0,
                        "clouds": 40, "visibility": 10000, "wind_speed": 3.1, "wind_deg": 200, "weather": weather},
            "hourly": hourly, "daily": daily}
    url = "https://api.openweathermap.org/data/3.0/onecall?lat=40.7143&lon=-74.006&exclude=minutely,alerts&units=metric"
    return envelope(issued, url, "openweathermap", body)


def forecast5(i, issued):
    s = "openweathermap/forecast5"
    first = issued + 3 * 3600 - issued % (3 * 3600)
    items = []
    for h in range(first, first + 16 * 3 * 3600, 3 * 3600):
        tc = hour_value(s, issued, h, C2)
        rain = rain_value(s, i, h - 3 * 3600, h, C2)
        item = {"dt": h, "main": {"temp": tc, "feels_like": tc, "temp_min": tc, "temp_max": tc, "pressure": 1015, "sea_level": 1015,
                                  "grnd_level": 1013, "humidity": 64, "temp_kf": 0},
                "weather": [{"id": 802, "main": "Clouds", "description": "scattered clouds", "icon": "03d"}], "clouds": {"all": 40},
                "wind": {"speed": 3.1, "deg": 200, "gust": 5.2}, "visibility": 10000, "pop": pop(rain) / 100, "sys": {"pod": "d"},
                "dt_txt": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(h))}
        if rain > 0:
            item["rain"] = {"3h": rain}
        items.append(item)
    body = {"cod": "200", "message": 0, "cnt": 16, "list": items,
            "city": {"id": 5128581, "name": "New York", "coord": {"lat": LAT, "lon": LON}, "country": "US", "population": 8175133,
                     "timezone": EDT, "sunrise": midnight(i) + 5 * 3600 + 1500, "sunset": midnight(i) + 20 * 3600 + 1800}}
    url = "https://api.openweathermap.org/data/2.5/forecast?lat=40.7143&lon=-74.006&cnt=16&units=metric"
    return envelope(issued, url, "openweathermap", body)


def weatherkit(i, issued):
    s = "weatherkit/weather"

    def meta(name):
        return {"attributionURL": "https://weather-data.apple.com/legal-attribution.html", "expireTime": isoz(issued + 3600),
                "latitude": LAT, "longitude": LON, "readTime": isoz(issued), "reportedTime": isoz(issued - 3000), "units": "m", "version": 1}
    hours = [{"forecastStart": isoz(h), "cloudCover": 0.4, "conditionCode": "PartlyCloudy", "daylight": True, "humidity": 0.64,
              "precipitationAmount": rain_value(s, i, h, h + 3600, C2), "precipitationChance": 0.1, "precipitationType": "clear",
              "pressure": 1015.2, "pressureTrend": "steady", "snowfallIntensity": 0.0, "temperature": hour_value(s, issued, h, C2),
              "temperatureApparent": 22.0, "temperatureDewPoint": 15.0, "uvIndex": 3, "visibility": 20000.0, "windDirection": 200,
              "windGust": 20.4, "windSpeed": 11.2}
             for h in range(issued, issued + 48 * 3600, 3600)]
    days = []
    for k in range(5):
        a, b = midnight(i + k), midnight(i + k + 1)
        rain = rain_value(s, i, a, b, C2)
        days.append({"forecastStart": isoz(a), "forecastEnd": isoz(b), "conditionCode": "PartlyCloudy", "maxUvIndex": 7,
                     "precipitationAmount": rain, "precipitationChance": pop(rain) / 100, "precipitationType": "rain" if rain else "clear",
                     "snowfallAmount": 0.0, "temperatureMax": day_value(s, i, i + k, a, b, "max", C2, SAME),
                     "temperatureMin": day_value(s, i, i + k, a, b, "min", C2, SAME)})
    body = {"currentWeather": dict({"name": "CurrentWeather", "metadata": meta("CurrentWeather"), "asOf": isoz(issued),
                                    "cloudCover": 0.4, "conditionCode": "PartlyCloudy", "daylight": False, "humidity": 0.7,
                                    "precipitationIntensity": 0.0, "pressure": 1015.2, "pressureTrend": "steady",
                                    "temperature": hours[0]["temperature"], "temperatureApparent": 20.0, "temperatureDewPoint": 15.0,
                                    "uvIndex": 0, "visibility": 20000.0, "windDirection": 200, "windGust": 20.4, "windSpeed": 11.2}),
            "forecastDaily": {"name": "DailyForecast", "metadata": meta("DailyForecast"), "days": days},
            "forecastHourly": {"name": "HourlyForecast", "metadata": meta("HourlyForecast"), "hours": hours}}
    url = ("https://weatherkit.apple.com/api/v1/weather/en/40.7143/-74.006?dataSets=currentWeather,forecastDaily,forecastHourly"
           "&timezone=America/New_York")
    return envelope(issued, url, "weatherkit", body)


def openmeteo(i, issued):
    s = "open-meteo/forecast"
    a = midnight(i)
    hours = list(range(a, a + 3 * 86400, 3600))
    maxes, mins, sums, probs = [], [], [], []
    for k in range(3):
        da, db = midnight(i + k), midnight(i + k + 1)
        maxes.append(day_value(s, i, i + k, da, db, "max", C1, SAME))
        mins.append(day_value(s, i, i + k, da, db, "min", C1, SAME))
        sums.append(rain_value(s, i, da, db, C1))
        probs.append(pop(sums[-1]))
    body = {"latitude": 40.710335, "longitude": -73.99307, "generationtime_ms": 0.61, "utc_offset_seconds": EDT,
            "timezone": "America/New_York", "timezone_abbreviation": "EDT", "elevation": 51.0,
            "hourly_units": {"time": "iso8601", "temperature_2m": "°C", "precipitation": "mm"},
            "hourly": {"time": [local(h, "%Y-%m-%dT%H:%M") for h in hours],
                       "temperature_2m": [hour_value(s, issued, h, C1) for h in hours],
                       "precipitation": [rain_value(s, i, h - 3600, h, C1) for h in hours]},
            "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C", "precipitation_sum": "mm",
                            "precipitation_probability_max": "%"},
            "daily": {"time": [date_of(midnight(i + k)) for k in range(3)], "temperature_2m_max": maxes, "temperature_2m_min": mins,
                      "precipitation_sum": sums, "precipitation_probability_max": probs}}
    url = ("https://api.open-meteo.com/v1/forecast?latitude=40.7143&longitude=-74.006&hourly=temperature_2m,precipitation"
           "&daily=temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max&timezone=America%2FNew_York&forecast_days=3")
    return envelope(issued, url, "open-meteo", body)


def nws_period(number, start, end, daytime, temp_f, hourly=False):
    """A period as api.weather.gov writes it; 12-hour ones named as NWS names them (Overnight, Today,
    Tonight, then the weekday and its night)."""
    weekday = time.strftime("%A", time.gmtime(start + EDT))
    name = "" if hourly else ["Overnight", "Today", "Tonight"][number - 1] if number <= 3 else weekday + ("" if daytime else " Night")
    return {"number": number, "name": name, "startTime": iso(start, EDT), "endTime": iso(end, EDT), "isDaytime": daytime,
            "temperature": temp_f, "temperatureUnit": "F", "temperatureTrend": None,
            "probabilityOfPrecipitation": {"unitCode": "wmoUnit:percent", "value": 20}, "windSpeed": "5 to 10 mph",
            "windDirection": "SW", "icon": "https://api.weather.gov/icons/land/%s/bkn?size=medium" % ("day" if daytime else "night"),
            "shortForecast": "Mostly Cloudy", "detailedForecast": ""}


NWS_RING = [[-74.0155, 40.7058], [-74.0118, 40.7277], [-73.9966, 40.7249], [-74.0003, 40.7030], [-74.0155, 40.7058]]


def nws_forecast(i, issued):
    s = "nws/forecast"
    bounds = [issued, midnight(i) + 6 * 3600]
    while len(bounds) < 9:
        bounds.append(bounds[-1] + 12 * 3600)
    periods = [nws_period(1, bounds[0], bounds[1], False, F0(true_temp(issued)))]  # "Overnight", cut short
    for n, (a, b) in enumerate(zip(bounds[1:], bounds[2:]), start=2):
        daytime = (a - midnight(0)) % 86400 == 6 * 3600
        day = (a - DAY0) // 86400
        periods.append(nws_period(n, a, b, daytime, day_value(s, i, day, a, b, "max" if daytime else "min", F0, FROM_F)))
    body = {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"], "type": "Feature",
            "geometry": {"type": "Polygon", "coordinates": [NWS_RING]},
            "properties": {"units": "us", "forecastGenerator": "BaselineForecastGenerator", "generatedAt": isoz(issued - 480),
                           "updateTime": isoz(issued - 1800), "validTimes": isoz(issued - 1800) + "/P7DT19H",
                           "elevation": {"unitCode": "wmoUnit:m", "value": 2.1}, "periods": periods}}
    return envelope(issued, "https://api.weather.gov/gridpoints/OKX/33,35/forecast", "nws", body)


def nws_hourly(i, issued):
    s = "nws/forecast-hourly"
    periods = [nws_period(n, h, h + 3600, 6 <= ((h + EDT) % 86400) // 3600 < 18, hour_value(s, issued - 480, h, F0), hourly=True)
               for n, h in enumerate(range(issued, issued + 48 * 3600, 3600), start=1)]
    body = {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"], "type": "Feature",
            "geometry": {"type": "Polygon", "coordinates": [NWS_RING]},
            "properties": {"units": "us", "forecastGenerator": "HourlyForecastGenerator", "generatedAt": isoz(issued - 480),
                           "updateTime": isoz(issued - 1800), "validTimes": isoz(issued - 1800) + "/P7DT19H",
                           "elevation": {"unitCode": "wmoUnit:m", "value": 2.1}, "periods": periods}}
    return envelope(issued, "https://api.weather.gov/gridpoints/OKX/33,35/forecast/hourly", "nws", body)


PROVIDERS = [
    ("weatherapi", weatherapi), ("tomorrowio", tomorrowio), ("accuweather-hourly", accuweather_hourly),
    ("accuweather-daily", accuweather_daily), ("metno", metno), ("visualcrossing", visualcrossing),
    ("pirateweather", lambda i, t: darksky_like("pirateweather/forecast", i, t, True)), ("weatherbit", weatherbit),
    ("brightsky", brightsky), ("metoffice", metoffice), ("meteosource", meteosource), ("twc", twc),
    ("owm-onecall", onecall), ("owm-forecast5", forecast5),
    ("darksky", lambda i, t: darksky_like("darksky/forecast", i, t, False)), ("weatherkit", weatherkit),
    ("open-meteo", openmeteo), ("nws-forecast", nws_forecast), ("nws-forecast-hourly", nws_hourly),
]


def ndjson_gz(docs):
    return gzip.compress(b"".join(json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode() + b"\n" for d in docs),
                         compresslevel=9, mtime=0)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    # The station's file sorts first, so the location's first record is one that names it (a store
    # ingested in shards and merged then names it alike).
    files = {"knyc-observations-2024-06.ndjson.gz": ndjson_gz(
        envelope(midnight(d + 1) + 600, "https://api.weather.gov/stations/KNYC/observations?start=%s&end=%s"
                 % (isoz(midnight(d)), isoz(midnight(d + 1))), "nws", nws_observations(d)) for d in range(TRUTH_DAYS))}
    for name, make in PROVIDERS:
        files["new-york-%s-2024-06.ndjson.gz" % name] = ndjson_gz(make(i, midnight(i) + ISSUE_HOUR * 3600) for i in ISSUE_DAYS)
    for name, data in files.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        os.utime(os.path.join(OUT, name), (DAY0, DAY0))
    # Per source the day-1 MAE and n of highs and lows; value by value for three sources that
    # differ in kind: °C to 0.1 on local days (WeatherAPI.com), whole °C with 12-hour dayparts
    # (The Weather Company), whole °F over NWS's 06-18 and 18-06 periods.
    expected = {"location": "new-york", "issued_local": "05:00", "lead_days": 1, "order": [s for s, _, _ in SKILL],
                "sources": {}, "pairs": {}}
    for s, _, _ in SKILL:
        pairs = sorted(EXPECTED[s], key=lambda p: (p["target_date"], p["variable"], p["valid_from"]))
        for v in ("temp_max_c", "temp_min_c"):
            errs = [abs(p["forecast"] - p["observed"]) for p in pairs if p["variable"] == v]
            expected["sources"].setdefault(s, {})[v] = {"n": len(errs), "mae": sum(errs) / len(errs)}
        if s in ("weatherapi/forecast", "twc/daily", "nws/forecast"):
            expected["pairs"][s] = [[p["target_date"], p["variable"], p["valid_from"], p["observed"], p["forecast"]] for p in pairs]
    text = json.dumps(expected, indent=1)
    for s in expected["pairs"]:  # one pair per line
        for p in expected["pairs"][s]:
            text = text.replace(json.dumps(p, indent=1).replace("\n", "\n   "), json.dumps(p), 1)
    with open(os.path.join(ROOT, "expected", "every-provider.json"), "w") as f:
        f.write(text + "\n")
    for s, _, _ in SKILL:
        print("%-26s day-1 high MAE %.3f (n %d), low %.3f" % (s, expected["sources"][s]["temp_max_c"]["mae"],
              expected["sources"][s]["temp_max_c"]["n"], expected["sources"][s]["temp_min_c"]["mae"]))
    print("total %d KB" % (sum(len(d) for d in files.values()) // 1024))


if __name__ == "__main__":
    main()
