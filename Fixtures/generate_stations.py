#!/usr/bin/env python3
"""Station truth and NWS forecasts for New York, into Fixtures/inputs/stations/.

Written deterministically from the same "real" weather as Fixtures/generate.py (truth_temp,
truth_rain), so every provider at New York describes one world:

- nws/observations KNYC (Central Park, 7.8 km from the New York location): a /stations/KNYC/
  observations collection per local day, 2024-05-01..03 EDT, one report at :51 each hour, °C to
  0.1, precipitationLastHour in wmoUnit:mm; one reading flagged X (rejected by QC) that would
  otherwise be the lowest of the first night.
- metar/observations KLGA (LaGuardia, 13.1 km): Data API JSON (2024 shape, nulls), 2024-05-01..04
  EDT at :51; precipitation only when it rained (as METARs report it).
- nws/forecast for the OKX grid cell over Lower Manhattan, units us: one issued 04:10 EDT May 1
  (first period 04:00-06:00, cut short), one issued 11:00 EDT May 2 (first period 11:00-18:00,
  cut short). Highs and lows are whole °F of the window's true extreme plus a fixed offset.

Fixtures/expected/stations.md lists the window extremes of the stations, for checking by hand.
Run: python3 Fixtures/generate_stations.py (Fixtures/generate.py runs it too).
"""
import json, os, time

import generate as g

NY = g.CITIES["new-york"]
EDT = -4 * 3600
DAY0 = g.START - EDT  # 2024-05-01T04:00:00Z, local midnight starting May 1
KNYC = dict(id="KNYC", name="New York City, Central Park", lat=40.7789, lon=-73.9692)
KLGA = dict(id="KLGA", name="New York/LaGuardia Arpt, NY, US", lat=40.7769, lon=-73.874)
QC_REJECTED = DAY0 + 27 * 3600 + 51 * 60  # 2024-05-02T07:51Z, 03:51 EDT: flagged X


def iso(t, offset=0):
    sign = "+" if offset >= 0 else "-"
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t + offset)) + "%s%02d:00" % (sign, abs(offset) // 3600)


def knyc_temp(t):
    return round(g.truth_temp("new-york", t), 1)


def klga_temp(t):
    return round(g.truth_temp("new-york", t) + 0.4, 1)


def nws_feature(t):
    temp, qc = knyc_temp(t), "V"
    if t == QC_REJECTED:
        temp, qc = -5.0, "X"
    url = "https://api.weather.gov/stations/KNYC/observations/" + iso(t)

    def q(unit, value, flag="V"):
        return {"unitCode": "wmoUnit:" + unit, "value": value, "qualityControl": flag}
    return {"id": url, "type": "Feature", "geometry": {"type": "Point", "coordinates": [KNYC["lon"], KNYC["lat"]]},
            "properties": {"@id": url, "@type": "wx:ObservationStation", "elevation": {"unitCode": "wmoUnit:m", "value": 27},
                           "station": "https://api.weather.gov/stations/KNYC", "stationId": "KNYC", "stationName": KNYC["name"],
                           "timestamp": iso(t), "rawMessage": "", "textDescription": "Cloudy", "presentWeather": [],
                           "temperature": q("degC", temp, qc), "dewpoint": q("degC", round(temp - 6, 1)),
                           "windDirection": q("degree_(angle)", 200), "windSpeed": q("km_h-1", 11.16),
                           "windGust": q("km_h-1", None, "Z"), "barometricPressure": q("Pa", 101320),
                           "seaLevelPressure": q("Pa", 101420), "visibility": q("m", 16090),
                           "maxTemperatureLast24Hours": {"unitCode": "wmoUnit:degC", "value": None},
                           "minTemperatureLast24Hours": {"unitCode": "wmoUnit:degC", "value": None},
                           "precipitationLastHour": q("mm", g.truth_rain("new-york", t - 51 * 60 + 3600)),
                           "precipitationLast3Hours": q("mm", None, "Z"), "precipitationLast6Hours": q("mm", None, "Z"),
                           "relativeHumidity": q("percent", 66.5), "windChill": q("degC", None), "heatIndex": q("degC", None),
                           "cloudLayers": [{"base": {"unitCode": "wmoUnit:m", "value": 1520}, "amount": "OVC"}]}}


def metar_report(t, k):
    temp = klga_temp(t)
    rain_in = round(g.truth_rain("new-york", t - 51 * 60 + 3600) / 25.4, 2)
    stamp = time.strftime("%d%H%MZ", time.gmtime(t))
    tt = lambda c: ("M" if c < 0 else "") + "%02d" % round(abs(c))
    raw = "KLGA %s 20009KT 10SM OVC050 %s/%s A2992 RMK AO2 SLP132%s" % (
        stamp, tt(temp), tt(temp - 6), (" P%04d" % round(rain_in * 100)) if rain_in > 0 else "")
    return {"metar_id": 620000000 + k, "icaoId": "KLGA", "receiptTime": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t + 240)),
            "obsTime": t, "reportTime": time.strftime("%Y-%m-%d %H:00:00", time.gmtime(t + 540)), "temp": temp,
            "dewp": round(temp - 6, 1), "wdir": 200, "wspd": 9, "wgst": None, "visib": "10+", "altim": 1013.2, "slp": 1013.2,
            "qcField": 4, "wxString": "RA" if rain_in > 0 else None, "presTend": None, "maxT": None, "minT": None,
            "maxT24": None, "minT24": None, "precip": rain_in if rain_in > 0 else None, "pcp3hr": None, "pcp6hr": None,
            "pcp24hr": None, "snow": None, "vertVis": None, "metarType": "METAR", "rawOb": raw, "mostRecent": 0,
            "lat": KLGA["lat"], "lon": KLGA["lon"], "elev": 3, "prior": 0, "name": KLGA["name"],
            "clouds": [{"cover": "OVC", "base": 5000}]}


def window_extremes(temp, start, end, skip=()):
    """Highest and lowest station reading at :51 in [start, end)."""
    readings = [temp(t) for t in range(start + 51 * 60, end, 3600) if t not in skip]
    return max(readings), min(readings)


def period(number, start, end, daytime, temp_f):
    return {"number": number, "name": "", "startTime": iso(start, EDT), "endTime": iso(end, EDT), "isDaytime": daytime,
            "temperature": temp_f, "temperatureUnit": "F", "temperatureTrend": None,
            "probabilityOfPrecipitation": {"unitCode": "wmoUnit:percent", "value": 20}, "windSpeed": "5 to 10 mph",
            "windDirection": "SW", "icon": "https://api.weather.gov/icons/land/%s/bkn?size=medium" % ("day" if daytime else "night"),
            "shortForecast": "Mostly Cloudy", "detailedForecast": ""}


def nws_forecast(issued, first_end, bias_f):
    """Periods from the issue hour to first_end (cut short), then whole 12-hour periods to May 5 06:00 EDT."""
    bounds = [issued - issued % 3600, first_end]
    while bounds[-1] < DAY0 + 4 * 86400 + 6 * 3600 + 86400:
        bounds.append(bounds[-1] + 12 * 3600)
    periods = []
    for n, (a, b) in enumerate(zip(bounds, bounds[1:]), start=1):
        daytime = (a - DAY0) % 86400 >= 6 * 3600 and (a - DAY0) % 86400 < 18 * 3600
        hi, lo = window_extremes(lambda t: g.truth_temp("new-york", t), a, b)
        c = hi if daytime else lo
        periods.append(period(n, a, b, daytime, round(g.f_of(c) + bias_f)))
    ring = [[-74.0155, 40.7058], [-74.0118, 40.7277], [-73.9966, 40.7249], [-74.0003, 40.7030], [-74.0155, 40.7058]]
    return {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"], "type": "Feature",
            "geometry": {"type": "Polygon", "coordinates": [ring]},
            "properties": {"units": "us", "forecastGenerator": "BaselineForecastGenerator", "generatedAt": iso(issued),
                           "updateTime": iso(issued - 1800), "validTimes": iso(bounds[0]) + "/P4DT2H",
                           "elevation": {"unitCode": "wmoUnit:m", "value": 2.1}, "periods": periods}}


def station_fixtures():
    out = {}
    for d in range(3):
        hours = [DAY0 + 86400 * d + 3600 * h + 51 * 60 for h in range(24)]
        body = {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"], "type": "FeatureCollection",
                "features": [nws_feature(t) for t in reversed(hours)]}
        out["stations/nws-knyc-observations-2024-05-0%d.json" % (d + 1)] = json.dumps(body, indent=1).encode()
    reports = [DAY0 + 3600 * h + 51 * 60 for h in range(96)]
    out["stations/metar-klga-2024-05-01-to-04.json"] = json.dumps(
        [metar_report(t, k) for k, t in reversed(list(enumerate(reports)))]).encode()
    out["stations/nws-forecast-okx-2024-05-01T08-10Z.json"] = json.dumps(
        nws_forecast(DAY0 + 4 * 3600 + 600, DAY0 + 6 * 3600, 1), indent=1).encode()
    out["stations/nws-forecast-okx-2024-05-02T15-00Z.json"] = json.dumps(
        nws_forecast(DAY0 + 86400 + 11 * 3600, DAY0 + 86400 + 18 * 3600, -1), indent=1).encode()
    return out


def expected_table():
    """The station window extremes a reader can check against the fixture files."""
    rows = ["# Station windows at New York (Fixtures/inputs/stations)", "",
            "Generated by Fixtures/generate_stations.py. Readings at :51 each hour; KNYC's 2024-05-02T07:51Z reading",
            "(-5.0 °C) is flagged X and dropped. Windows are [start, end) in EDT (UTC-4).", "",
            "| window (EDT) | KNYC max °C | KNYC min °C | KLGA max °C | KLGA min °C |", "|---|---|---|---|---|"]
    for k in range(8):
        a = DAY0 + 6 * 3600 + 12 * 3600 * k
        b = a + 12 * 3600
        cells = []
        for temp, last, skip in ((knyc_temp, DAY0 + 3 * 86400, (QC_REJECTED,)), (klga_temp, DAY0 + 4 * 86400, ())):
            if b <= last:
                cells += ["%.1f" % v for v in window_extremes(temp, a, b, skip)]
            else:
                cells += ["–", "–"]
        label = time.strftime("%m-%d %H:%M", time.gmtime(a + EDT)) + " – " + time.strftime("%m-%d %H:%M", time.gmtime(b + EDT))
        rows.append("| " + label + " | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def main():
    for path, data in station_fixtures().items():
        g.write(path, data)
    with open(os.path.join(g.ROOT, "expected", "stations.md"), "w") as f:
        f.write(expected_table())


if __name__ == "__main__":
    main()
