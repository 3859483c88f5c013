"""The clock and the units a standing preference asks replies in, applied by code
(agents/reply_style.restyle): "7:25 pm" as "19:25" for the 24-hour clock, "19:25" as "7:25 pm"
for the 12-hour one, "26.2 miles" as "42.2 km" and "98.6°F" as "37°C" for metric units."""

from __future__ import annotations

import re
from fractions import Fraction

# ------------------------------------------------------------------------------ the clock

# "7:25 pm", "7.25 p.m.", "7 in the evening", "7:25 at night", "7 o'clock this evening".
_DAYPART = (r"(?P<ampm>[ap])(?:\.\s?m\.|\s?m\b)"
            r"|(?P<part>in the (?:morning|afternoon|evening)|at night"
            r"|(?P<keep>this (?:morning|afternoon|evening)|tonight))")
_TWELVE = re.compile(r"\b(?P<h>1[0-2]|0?[1-9])(?:[:.](?P<m>[0-5]\d))?(?:\s*o'clock)?\s*"
                     rf"(?:{_DAYPART})", re.I)
_LATE = ("afternoon", "evening", "tonight", "night")
# A bare hour before a part of the day is a time only after a word that leads to one ("at 7 in
# the evening", not "10 in the morning and 10 in the evening" of push-ups).
_AT = re.compile(r"\b(?:at|by|around|about|until|till|til|before|after|from|to|between)\s+$", re.I)


def to_24_hour(text: str) -> str:
    def convert(match: re.Match[str]) -> str:
        said = (match["ampm"] or match["part"] or "").lower()
        if (not match["m"] and not match["ampm"] and "o'clock" not in match.group(0).lower()
                and not _AT.search(text[:match.start()])):
            return match.group(0)
        hour, minute = int(match["h"]), int(match["m"] or 0)
        if said == "a" or "morning" in said:
            hour = 0 if hour == 12 else hour
        elif said == "p" or any(w in said for w in _LATE[:3]):
            hour = hour if hour == 12 else hour + 12
        elif "night" in said:  # "11 at night" is 23:00, "2 at night" 02:00
            hour = 0 if hour == 12 else hour + 12 if hour >= 6 else hour
        out = f"{hour:02d}:{minute:02d}"
        if match["keep"]:
            return f"{out} {match['keep']}"
        # "p.m." that ended a sentence keeps the sentence's full stop.
        ended = match.group(0).endswith(".") and re.match(r"\s*(?:$|\n|[A-Z])",
                                                            text[match.end():])
        return out + "." if ended else out
    return _TWELVE.sub(convert, text)


_TWENTY_FOUR = re.compile(r"\b(?P<h>[01]?\d|2[0-3])[:h](?P<m>[0-5]\d)\b(?!\s*(?:[ap]\.?\s?m\b))",
                          re.I)


def to_12_hour(text: str) -> str:
    def convert(match: re.Match[str]) -> str:
        hour, minute = int(match["h"]), match["m"]
        if 1 <= hour <= 12:
            return match.group(0)  # 7:25 reads the same on either clock
        return f"{12 if hour in (0, 12) else hour % 12}:{minute} {'am' if hour < 12 else 'pm'}"
    return _TWENTY_FOUR.sub(convert, text)


# ---------------------------------------------------------------------------------- units

_FIGURE = r"\d+/\d+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"  # "1/2 cup" too
_NUMBER = rf"(?:(?P<lo>{_FIGURE})\s?(?:-|–|to)\s?)?(?P<n>{_FIGURE})"  # "25-30 pounds" too
# unit words -> (metric unit, factor); Fahrenheit is converted apart (it has an offset).
_TO_METRIC = {
    r"miles?|mi": ("km", 1.609344), r"mph|miles per hour": ("km/h", 1.609344),
    r"feet|foot|ft": ("m", 0.3048), r"inch(?:es)?": ("cm", 2.54), r"yards?|yd": ("m", 0.9144),
    r"pounds?|lbs?": ("kg", 0.45359237), r"fl\.? ?oz|fluid ounces?": ("ml", 29.5735),
    r"ounces?|oz": ("g", 28.349523), r"gallons?|gal": ("litres", 3.785411),
    # the US cup of recipes: "2 cups of flour" (sealed44's reply kept "cups" after "use metric
    # units pls ... cups/ounces confuse me")
    r"cups?": ("ml", 236.588),
}
_FAHRENHEIT = r"°\s?F\b|degrees? Fahrenheit|° Fahrenheit|Fahrenheit"
# Longer names first: "miles per hour" before "miles", "fl oz" before "oz".
_IMPERIAL_UNIT = "|".join(sorted(_TO_METRIC, key=lambda u: u not in (r"mph|miles per hour",
                                                                     r"fl\.? ?oz|fluid ounces?")))
_IMPERIAL = re.compile(rf"{_NUMBER}\s?-?(?:(?P<u>{_IMPERIAL_UNIT})\b|(?P<f>{_FAHRENHEIT}))", re.I)
_METRIC_QUANTITY = (r"(?:\d[\d,.]*\s?(?:-|–|to)\s?)?\d[\d,.]*\s?-?"
                    r"(?:km|kilomet\w*|kg|kilo\w*|g|grams?|m|met(?:er|re)s?|cm|lit(?:er|re)s?|l|ml"
                    r"|km/h)\b"
                    r"|\d[\d,.]*\s?°\s?C\b|\d[\d,.]*\s?degrees? Celsius")
_ABOUT = r"(?:about |approximately |approx\. |around |roughly |~)?"
# "37°C (98.6°F)": the imperial aside goes; "98.6°F (37°C)": the metric aside stays alone.
_IMPERIAL_ASIDE = re.compile(rf"\s*\({_ABOUT}(?:{_IMPERIAL.pattern})\)", re.I)
_IMPERIAL_THEN_METRIC = re.compile(
    rf"(?:{_IMPERIAL.pattern})\s*\((?P<metric>{_ABOUT}(?:{_METRIC_QUANTITY}))\)", re.I)


# A height in feet and inches: "5 ft 10 in", "5 feet 10 inches", "5'10\"".
_FEET_INCHES = re.compile(r"\b(?P<ft>\d)\s?(?:ft|feet|foot|')\s?(?:and\s)?(?P<in>\d{1,2}(?:\.\d)?)"
                          r"\s?(?:in\b\.?|inch(?:es)?\b|\"|'')", re.I)


def _figure(value: float) -> str:
    if abs(value) >= 100:
        return f"{round(value):,}"
    text = f"{value:.1f}" if abs(value) < 10 or value != round(value) else f"{value:.0f}"
    return text.removesuffix(".0")


# A sentence about money: its "pounds" are sterling.
_MONEY = re.compile(r"£|\b(?:cost|costs|price|prices|pay|paid|spend|spent|worth|budget|fee|fees"
                    r"|salary|earn|earns|sterling|cheap|expensive|save|buy|sell|sold)\b", re.I)


def _sentence_at(text: str, match: re.Match[str]) -> str:
    start = max(text.rfind(c, 0, match.start()) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, match.end()) for c in ".!?\n") if i >= 0]
    return text[start:min(ends, default=len(text))]


def to_metric(text: str) -> str:
    """Imperial quantities as metric ones: "26.2 miles" -> "42.2 km", "98.6°F" -> "37°C"; an
    imperial aside beside a metric figure is dropped."""
    text = _IMPERIAL_ASIDE.sub("", text)
    text = _IMPERIAL_THEN_METRIC.sub(lambda m: m["metric"], text)
    text = _FEET_INCHES.sub(lambda m: f"{_figure((int(m['ft']) * 12 + float(m['in'])) * 0.0254)} m",
                            text)

    def convert(match: re.Match[str]) -> str:
        values = [float(Fraction(v.replace(",", ""))) for v in (match["lo"], match["n"]) if v]
        if match["f"]:
            figures, unit = [_figure((v - 32) * 5 / 9) for v in values], "°C"
        elif match["u"].lower().startswith("pound") and _MONEY.search(_sentence_at(text, match)):
            return match.group(0)  # "it costs 20 pounds": money, not weight
        else:
            said = match["u"].lower()
            unit, factor = next(to for pattern, to in _TO_METRIC.items()
                                if re.fullmatch(pattern, said, re.I))
            figures, unit = [_figure(v * factor) for v in values], f" {unit}"
        return "-".join(figures) + unit
    return _IMPERIAL.sub(convert, text)
