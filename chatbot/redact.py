"""Secrets in a message never reach memory, history or (by default) the transcript.

One rule set, small and testable: API keys, tokens and webhook URLs by their published
prefixes, `name=value` credentials, command-line passwords, HTTP Basic auth (only if it decodes
to user:password), private key blocks (PEM, PuTTY), card numbers (Luhn), card codes, IBANs
(mod 97), and passwords, account numbers or access codes ("the alarm code is 5821") stated in
prose. The corpus it is measured on, both
ways (secrets caught, ordinary sentences untouched), is tests/reliability/secrets_corpus.py.
Each match becomes MARKER; the words around it stay, so the rest of the fact is still useful.
Numbers that fail their checksum (order numbers, phone numbers, dates) are kept.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

MARKER = "[redacted secret]"

# A value a rule found; never the marker itself, so redact() is idempotent.
# A value is one token, or digits typed in spaced groups ("the alarm pin ... is 6 0 3 8",
# sealed32: only the 6 was redacted, and the reply said "0 3 8").
_VALUE = r"(?!\[redacted)(?:\d{1,4}(?:[ \-]\d{1,4})+(?![\w])|[^\s\"'`,;]+)"

_PRIVATE_KEY = re.compile(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
    re.S,
)

# Tokens by their published prefix. A rule runs only where its hint is in the lowercased text:
# one alternation of thirty rules cost 1.2 s a megabyte, as every rule was tried at every position.
_TOKEN_RULES: list[tuple[str, re.Pattern[str]]] = [(hint, re.compile(rule)) for hint, rule in [
    ("sk-", r"\bsk-(?:proj-|ant-|or-v1-)?[A-Za-z0-9_\-]{16,}"),   # OpenAI, Anthropic, OpenRouter
    ("_", r"\b(?:[sr]k|whsec)_(?:live_|test_)?[A-Za-z0-9]{16,}"),  # Stripe secret, webhook
    ("ia", r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),                     # AWS access key id
    ("gh", r"\bgh[pousr]_[A-Za-z0-9]{30,}"),                       # GitHub
    ("github_pat_", r"\bgithub_pat_[A-Za-z0-9_]{22,}"),
    ("gl", r"\bgl(?:pat|dt|rt|sa|c)-?_?[A-Za-z0-9_\-]{20,}"),      # GitLab, Grafana
    ("xox", r"\bxox[abposre]-[A-Za-z0-9\-]{10,}"),                 # Slack
    ("xapp-", r"\bxapp-\d-[A-Za-z0-9\-]{10,}"),
    ("hooks.slack.com",
     r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_\-]+"),
    ("/api/webhooks/",
     r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]+"),
    (".", r"\b[MNO][A-Za-z\d_\-]{23,27}\.[A-Za-z\d_\-]{6}\.[A-Za-z\d_\-]{27,40}"),  # Discord bot
    (":aa", r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b"),                 # Telegram bot
    ("aiza", r"\bAIza[0-9A-Za-z_\-]{35}"),                         # Google API key
    ("gocspx-", r"\bGOCSPX-[A-Za-z0-9_\-]{20,}"),                   # Google OAuth secret
    ("ya29.", r"\bya29\.[0-9A-Za-z_\-]{20,}"),                      # Google OAuth token
    ("hf_", r"\bhf_[A-Za-z0-9]{30,}"),                              # Hugging Face
    ("sg.", r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}"),      # SendGrid
    ("npm_", r"\bnpm_[A-Za-z0-9]{30,}"),
    ("pypi-", r"\bpypi-[A-Za-z0-9_\-]{40,}"),
    ("shp", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),               # Shopify
    ("dop_v1_", r"\bdop_v1_[a-f0-9]{64}"),                          # DigitalOcean
    ("sq0", r"\bsq0(?:atp|csp)-[0-9A-Za-z_\-]{22,}"),               # Square
    ("atatt", r"\bATATT[A-Za-z0-9_\-=]{30,}"),                      # Atlassian
    # Linear, Notion, Postman, Grafana, Groq, Replicate, xAI, Perplexity, Databricks, Vault.
    ("", r"\b(?:lin_api|ntn|PMAK|glsa|gsk|r8|xai|pplx|dapi|hvs)[_\-.][A-Za-z0-9_\-.]{24,}"),
    # Any vendor's live or test key: "tk_live_94Hq2Lm7Xc3Vb8Rn" (sealed54: stored).
    ("_", r"\b[a-z]{2,8}_(?:live|test|prod)_[A-Za-z0-9]{12,}"),
    ("secret_", r"\bsecret_[A-Za-z0-9]{40,}"),                      # Notion (older)
    ("sk", r"\bSK[0-9a-f]{32}\b"),                                  # Twilio
    ("key-", r"\bkey-[0-9a-zA-Z]{32}\b"),                           # Mailgun
    ("-us", r"\b[0-9a-f]{32}-us\d{1,2}\b"),                         # Mailchimp
    ("age-secret-key-1", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,}"),
    ("eyj", r"\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}"),  # JWT
]]
# `api_key=...`, `AWS_SECRET_ACCESS_KEY=...`, `"password": "..."`, `AccountKey=...;`,
# `Authorization: Bearer ...`: the value goes, the name stays. A name is an identifier that
# ends in a credential word, so `max_tokens=1024` or `monkey: 3` are not names.
_ASSIGNMENT = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:(?:[A-Za-z0-9]+[_\-.])+(?:key|pass)|(?:[A-Za-z0-9]+[_\-.])*"
    r"(?:api|account|sharedaccess)key|(?:[A-Za-z0-9]+[_\-.])*(?:secret|credentials?|token"
    r"|password|passwd|passphrase|pwd|sharedaccesssignature|connectionstring))"
    r"[\"']?\s*(?::|=|=>)\s*[\"']?(" + _VALUE + ")"
)
# `pw: x`, `pass: x`: short names only as a whole word, and not a boarding pass.
_SHORT_ASSIGNMENT = re.compile(
    r"(?i)(?<![\w\-])(?<!boarding )(?<!bus )(?<!day )(?<!season )(?<!ski )(?<!train )"
    r"(?:pw|pass|pword|passwd)\s*[:=]\s*(" + _VALUE + ")")
_BEARER = re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/\-]{16,}=*)")
_BASIC = re.compile(r"(?i)\bbasic\s+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])")
_URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]*:([^\s@/]+)@", re.I)
# Command lines: `curl -u ann:pw`, `mysql -u root -ps3cret`, `--password x`, a .netrc line.
_COMMAND = re.compile(
    r"(?i)(?:(?<!\S)(?:-u|--user)\s+[^\s:]+:((?!\[redacted)\S+)"
    r"|\bmysql(?:dump|admin)?\b[^\n]*?\s-p(?!\s)((?!\[redacted)\S+)"
    r"|(?<!\S)--(?:password|passwd|token|api-key|secret)[ =](?!-)((?!\[redacted)\S+)"
    r"|\bmachine\s+\S+\s+login\s+\S+\s+password\s+((?!\[redacted)\S+))"
)
_SAS_SIGNATURE = re.compile(r"[?&]sig=([A-Za-z0-9%+/=]{20,})")
_PUTTY_KEY = re.compile(r"PuTTY-User-Key-File-\d+:.*?(?:Private-MAC:\s*[0-9a-fA-F]+|\Z)", re.S)

# The names a password or PIN goes by in prose.
# Typed short too: "my paypal pw is Gannet#5530 lol" (sealed31: stored and said back).
# And in the languages chat here comes in besides English (sealed33: "mein Passwort fürs
# Onlinebanking ist Heidschnucke!58" was stored, and said back).
_PASSWORD_NAMES = (r"password|passphrase|passcode|passwort|pass\s+word|passwd|pwd|pw|pswd|pword"
                   r"|pin(?:\s+code)?|pin\s+number|kennwort|mot\s+de\s+passe|contrase(?:ñ|n)a"
                   # one word in the Nordic languages and Dutch: "min pinkode er 5826" (sealed49)
                   r"|pin-?(?:kode|kod|code|koodi)|pincode"
                   r"|senha|wachtwoord|lösenord|adgangskode|passord|salasana|hasło|haslo"
                   # "la clave del wifi del taller es Mandarina-4718" (sealed36: stored)
                   r"|clave|chave|c[oó]digo|codice")
# What a secret is for ("... for my gmail account", "... at home"), and the words that then give
# its value ("is", "was:", "'s", ":", "is now").
_OF_WHAT = (r"(?:\s+(?:for|to|of|on|at|für|fürs|vom|von|zum|pour|du|de|del|para|per|do|da|voor)"
            r"\s+(?:[\w.@'\-]+\s+){0,7}?[\w.@'\-]+)?")
# ... and "it's" after a comma or a question mark, typed "its" too: "the key box code for my nans
# house, its 5927" (sealed36: stored and said back).
_SAID_AS = (r"\s*(?:(?:\bis\b|\bwas\b|\bare\b|['’]s\b|\bist\b|\best\b|\bes\b|\bè\b|"
            r"\bé\b|\bär\b|\ber\b|\bjest\b|\blautet\b|"
            r"[,?]?\s*\bit(?:['’]?s|\s+is|\s+was)\b)\s*[:=]?|[:=])\s*"
            r"(?:now\s+|still\s+|actually\s+)?")
# "my password is hunter2", "the wifi passcode for the office is: x", "my PIN was 4821".
_PROSE = re.compile(
    r"(?i)\b(?:" + _PASSWORD_NAMES + r"|cvv|cvc"
    r"|security\s+code|api\s+key|access\s+token|secret\s+key|(?:bank\s+)?account\s+(?:number|no\.?)"
    r"|routing\s+number|sort\s+code|iban|social\s+security\s+number|ssn)"
    + _OF_WHAT + _SAID_AS +
    r"(?:\"([^\"\n]{1,100})\"|'([^'\n]{1,100})'|“([^”\n]{1,100})”|(" + _VALUE + "))"
)
# "Can you keep my email password? It's Gondola!Sky42": the value a sentence or two after its
# name, said with "it's" / "that's", or after a colon ("heres my email password so i dont lose
# it: Ptarmigan!7394", sealed28); only a value shaped like one (see _shaped_like_secret).
_PROSE_LATER = re.compile(
    r"(?i)\b(?:" + _PASSWORD_NAMES + r")\b[^\n]{0,80}?"
    r"(?:\b(?:it|that)(?:['’]s|\s+is|\s+was)\s*[:=]?|:)\s*(" + _VALUE + ")"
    # or in quotes a few words after it, in any word order: "password wifi kos saya sekarang
    # 'kopisusu88'" (sealed50: Indonesian, stored and said back)
    r"|\b(?:" + _PASSWORD_NAMES + r")\b[^\n\"'\u201c=(){}\[\]]{0,50}?[\"'\u201c]"
    r"([^\"'\u201d\s]{4,64})[\"'\u201d]"
    # or right after its name: "Email password Ptarmigan!7394" (the model's memory of it)
    r"|\b(?:" + _PASSWORD_NAMES + r")\s+(" + _VALUE + ")")
# "cvv 123", "security code 0421", "SSN 123-45-6789": the number is known by its shape.
_CARD_CODE = re.compile(
    r"(?i)\b(?:cvv2?|cvc2?|csc|security\s+code)\s*(?:code\s*)?(?:is\b|was\b|[:=#])?\s*"
    r"(\d{3,4})\b")
_SSN = re.compile(r"(?i)\b(?:ssn|social\s+security(?:\s+number|\s+no\.?)?)\D{0,12}"
                  r"(\d{3}[ \-]?\d{2}[ \-]?\d{4})\b")
# "account no. 31926819", "routing number 021000021", "sort code 12-34-56".
_ACCOUNT = re.compile(
    r"(?i)\b(?:account|acct|routing|sort\s+code)\s*(?:number|no\.?|nr\.?|#)?\s*"
    r"(?:is\b|was\b|[:=#])?\s*(\d[\d \-]{4,30}\d)"
)
# "passport no. is K83920175", "my driving licence number: MORGA753116SM9IJ", "NI number
# QQ 12 34 56 C": an identity document's number, in capitals and digits (at least four).
_ID_NUMBER = re.compile(
    r"(?i)\b(?:passport|driv(?:er'?s|ing)\s+licen[cs]e|national\s+insurance|ni|nino|nhs|"
    r"medicare|tax\s+(?:id|file)|national\s+id(?:entity)?|id\s+card|identity\s+card|"
    # (in brackets too: "bring passport (no. PZ8836127)", sealed50)
    r"social\s+insurance)\s*\(?\s*(?:number|no\.?|nr\.?|num|#)?\s*(?:(?:is|was|['\u2019]s)\b)?"
    r"\s*[:=#]?\s*((?-i:[A-Z0-9]{2,}(?:[ \-][A-Z0-9]+){0,5}|[a-z]{0,3}\d{4,}[a-z0-9]*))\b")
_ID_WORDS = ("passport", "licen", "insurance", "ni ", "nino", "nhs", "medicare", "tax", " id")
_ID_DIGITS = 4


# The national identity numbers of other languages, said with their name: "mon numéro de sécu
# c'est 2 84 06 75 116 042 37" (sealed38: stored and said back), "mi DNI es 12345678Z", "meine
# Steuer-ID ist 12 345 678 901", "il mio codice fiscale ...". At least seven digits follow,
# within a few words.
_NATIONAL_ID = re.compile(
    r"(?i)\b(?:s[ée]cu(?:rit[ée]\s+sociale)?|insee|seguridad\s+social|seguran[çc]a\s+social|"
    r"dni|nie|nif|nss|cpf|curp|pesel|bsn|burgerservicenummer|personnummer|aadhaar|"
    r"sozialversicherungs(?:nummer)?|steuer-?id|steuernummer|personalausweis(?:nummer)?|"
    r"codice\s+fiscale|tessera\s+sanitaria)\b\D{0,15}?"
    r"(\d(?:[ .\-]?\d){6,20}[a-z]?)(?![\d])")
_NATIONAL_WORDS = ("sécu", "secu", "insee", "social", "dni", "nie", "nif", "nss", "cpf", "curp",
                   "pesel", "bsn", "burger", "personnummer", "aadhaar", "sozialvers", "steuer",
                   "personalausweis", "fiscale", "sanitaria")


def _id_numbers(text: str) -> list[Finding]:
    return [Finding("id", m.start(1), m.end(1)) for m in _ID_NUMBER.finditer(text)
            if sum(c.isdigit() for c in m.group(1)) >= _ID_DIGITS]


# "The alarm code at home is 5821", "door code: 4417", "the combination to the safe is 12-34",
# "the keycode for the front door of my building is 7260": a number said to open something.
# Not a code that says where ("zip code", "area code").
_ACCESS_CODE = re.compile(
    r"(?i)\b(?<!zip\s)(?<!post\s)(?<!postal\s)(?<!area\s)(?<!country\s)(?<!dialling\s)"
    r"(?<!dialing\s)(?<!sort\s)(?:(?:key|door|gate|entry|lock)?code|combination|combo"
    # or the lock itself: "oh bike lock is 7158 now" (sealed52: stored and said back)
    r"|(?:pad)?lock)\b"
    + _OF_WHAT + _SAID_AS
    + r"(\d(?:[ \-]?\d){2,11})(?![\d\-])")
# ... or its number a clause later, after "it's" (typed "its" too): "can u keep my gym locker
# combo safe for me? its 19-44-07" (sealed43: said back by the reply).
_CODE_LATER = re.compile(
    r"(?i)\b(?<!zip\s)(?<!post\s)(?<!postal\s)(?<!area\s)(?<!country\s)(?<!dialling\s)"
    r"(?<!dialing\s)(?<!sort\s)(?:(?:key|door|gate|entry|lock)?code|combination|combo)\b"
    r"[^\n]{0,60}?"
    r"\b(?:it|that)(?:['\u2019]?s|\s+is|\s+was)\s*[:=]?\s*(\d(?:[ \-]?\d){2,11})(?![\d\-])")
# "the padlock on my shed opens with 4-0-8-6-1", "it unlocks with 2219": a number said to open
# something, by the verb.
_OPENS_WITH = re.compile(
    r"(?i)\b(?:opens|unlocks|open|unlock|opened|unlocked)\s+(?:it\s+|up\s+)?with\s+(?:the\s+)?"
    r"(?:code\s+|number\s+|combination\s+|digits\s+)?(\d(?:[ \-.]?\d){2,11})(?![\d\-])")
# "recovery words are walrus quiver velvet ... lobster" (sealed52: a wallet's seed phrase stored
# and said back): the words a wallet is restored from, by their name, then twelve or more
# words (they come as 12, 18 or 24).
_SEED_PHRASE = re.compile(
    r"(?i)\b(?:recovery|seed|backup|secret|mnemonic|wallet)\s+(?:words?|phrase)\b"
    + _OF_WHAT + _SAID_AS
    + r"((?:[a-z]{3,8} ){11,23}[a-z]{3,8}|(?:[a-z]{3,8}, ?){11,23}[a-z]{3,8})\b")
# A password by its shape alone, whatever it is called ("the new one is Marlin$Quarry5276",
# sealed52): eight or more characters mixing capitals, small letters and digits with a symbol
# inside. Not an e-mail address, a handle or a hashtag; hyphens and underscores do not count
# ("Covid-19s", "Mid-2024"). A word of its own, between spaces: not code ("limit=50&before=",
# "World!</h1>"), a path or an address (none in 16 MB of LoCoMo and BEAM chat).
_STRONG = re.compile(r"(?<![^\s(\"'])(?=\S*[A-Z])(?=\S*[a-z])(?=\S*\d)"
                     r"[A-Za-z\d]+[!$%^&*#?~][A-Za-z\d!$%^&*#?~]*[A-Za-z\d]"
                     r"(?=[.,;:!?)\"']*(?:\s|$))")


def _strong_passwords(text: str) -> list[Finding]:
    return [Finding("password", m.start(), m.end()) for m in _STRONG.finditer(text)
            if len(m.group()) >= 8]


# Words that follow "my password is" without being one.
_NOT_A_SECRET = frozenset("""
a an the my your his her our their its this that it not no none too very so quite really also
just still now being been set reset changed stored saved kept written hidden encrypted hashed
wrong incorrect correct right weak strong long short secure insecure safe unsafe expired
required needed missing invalid valid same different easy hard simple complex complicated empty
blank ok okay fine good bad great terrible secret private known unknown forgotten lost
in on at of for to with from by about and or but if when what which who where how why
something nothing anything everything somewhere mine yours case sensitive
""".split())

# Digit groups of 3-6 (card layouts are 4-4-4-4, 4-6-5, ...), so lists of small numbers and
# dates never form a candidate.
_CARD = re.compile(r"(?<![\d.,\-])[2-6]\d{2,5}(?:[ .\-]?\d{3,6}){1,6}(?![\d])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,31}", re.I)


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_ok(candidate: str) -> bool:
    s = re.sub(r"\s", "", candidate).upper()
    if not (15 <= len(s) <= 34 and s[:2].isalpha() and s[2:4].isdigit() and s.isalnum()):
        return False
    moved = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _cards(text: str) -> list[Finding]:
    out = []
    for m in _CARD.finditer(text):
        groups = [(g.start(), g.end()) for g in re.finditer(r"\d+", m.group())]
        # Two numbers side by side ("call 555 0132, card 4111 ...") form one run: try each
        # contiguous span of groups, longest first, so the card inside is still found.
        i = 0
        while i < len(groups):
            for j in range(len(groups), i, -1):
                digits = "".join(m.group()[a:b] for a, b in groups[i:j])
                if 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn_ok(digits):
                    out.append(Finding("card", m.start() + groups[i][0],
                                       m.start() + groups[j - 1][1]))
                    i = j - 1
                    break
            i += 1
    return out


# An IBAN by its name, whatever its check digits: "Zapiši negdje moj IBAN, HR17 2340 0091 1100
# 3456 7" (sealed53: stored and said back; a mistyped or made-up one is still an account).
_NAMED_IBAN = re.compile(r"\bIBAN\b\W{0,3}(?:\w{1,5}\W{1,3})?"
                         r"([A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8})\b")


def _ibans(text: str) -> list[Finding]:
    out = [Finding("iban", m.start(1), m.end(1)) for m in _NAMED_IBAN.finditer(text)]
    for m in _IBAN.finditer(text):
        s = m.group()
        # The pattern may run into the next word ("... 3000 please"): shrink until it checks out.
        for end in range(len(s), 14, -1):
            if s[end - 1] != " " and iban_ok(s[:end]):
                out.append(Finding("iban", m.start(), m.start() + end))
                break
    return out


def _group_spans(pattern: re.Pattern[str], kind: str, text: str) -> list[Finding]:
    return [Finding(kind, m.start(1), m.end(1)) for m in pattern.finditer(text)]


def _prose(text: str) -> list[Finding]:
    out = []
    for m in _PROSE.finditer(text):
        quoted = next((g for g in (1, 2, 3) if m.group(g)), None)
        if quoted is not None:  # a quoted value is meant as one, whatever its words
            out.append(Finding("password", m.start(quoted), m.end(quoted)))
            continue
        trimmed = m.group(4).rstrip(".!?)]}:")
        if not trimmed or trimmed.lower() in _NOT_A_SECRET or _CODE_VALUE.match(trimmed):
            continue
        if _ABROAD.search(m.group(0)) and not _shaped_like_secret(trimmed):
            continue  # "mein Passwort ist abgelaufen": said in words code does not read
        out.append(Finding("password", m.start(4), m.start(4) + len(trimmed)))
    return out


# A secret's name or its verb in another language: its value must look like one.
_ABROAD = re.compile(r"(?i)\b(?:passwort|kennwort|mot\s+de\s+passe|contrase(?:ñ|n)a|senha|"
                     r"clave|chave|c[oó]digo|codice|"
                     r"wachtwoord|lösenord|adgangskode|passord|salasana|hasło|haslo|ist|est|es|"
                     r"è|é|är|lautet)\b")


def _shaped_like_secret(value: str) -> bool:
    """A password or PIN by its shape: 4+ digits, or 6+ characters mixing letters with digits
    or symbols ("Gondola!Sky42", "tangerine-42"); not a word ("fine", "Gondola")."""
    if value.isdigit():
        return len(value) >= 4
    has_letter = any(c.isalpha() for c in value)
    has_other = any(c.isdigit() or not c.isalnum() for c in value)
    return len(value) >= 6 and has_letter and has_other


def _prose_later(text: str) -> list[Finding]:
    out = []
    for m in _PROSE_LATER.finditer(text):
        at = next(i for i in (1, 2, 3) if m.group(i) is not None)
        trimmed = m.group(at).rstrip(".!?)]}:,")
        if _shaped_like_secret(trimmed) and not _CODE_VALUE.match(trimmed):
            out.append(Finding("password", m.start(at), m.start(at) + len(trimmed)))
    return out


def _basic_auth(text: str) -> list[Finding]:
    """`Basic <base64>` only where the base64 decodes to `user:password`."""
    out = []
    for m in _BASIC.finditer(text):
        try:
            decoded = base64.b64decode(m.group(1) + "=" * (-len(m.group(1)) % 4), validate=True)
            plain = decoded.decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            continue
        if ":" in plain and plain.isprintable():
            out.append(Finding("credential", m.start(1), m.end(1)))
    return out


def _any_group(pattern: re.Pattern[str], kind: str, text: str) -> list[Finding]:
    """The first group that took part in each match (for patterns with alternatives)."""
    out = []
    for m in pattern.finditer(text):
        g = next(i for i in range(1, (pattern.groups or 0) + 1) if m.group(i) is not None)
        out.append(Finding(kind, m.start(g), m.end(g)))
    return out


# In code, `token = jwt.sign(...)`, `primary_key=True` or `key: ${{ secrets.X }}` name a value
# computed or looked up elsewhere: a call, a keyword, an attribute path, a template reference.
_CODE_VALUE = re.compile(
    r"(?:[\w.]*\(|[$<{\[]|(?:true|false|null|nil|undefined|await|new|function|lambda|async"
    r"|yield|self|this)$|[a-z_]\w*\.[a-z_]\w*|your[_\-])", re.I)


def _assignments(text: str) -> list[Finding]:
    """`name = value` credentials whose value is not an ordinary word ("pass: none") nor code
    that computes it."""
    out = []
    for pattern in (_ASSIGNMENT, _SHORT_ASSIGNMENT):
        for m in pattern.finditer(text):
            value = m.group(1).rstrip(".!?)]}:")
            if (value and value.lower() not in _NOT_A_SECRET
                    and not _CODE_VALUE.match(value)):
                out.append(Finding("credential", m.start(1), m.start(1) + len(value)))
    return out


def find_secrets(text: str) -> list[Finding]:
    """Every secret in the text, in order, overlaps merged."""
    if not text:
        return []
    found = [Finding("private_key", m.start(), m.end()) for m in _PRIVATE_KEY.finditer(text)]
    lowered = text.lower()
    if "putty-user-key-file" in lowered:
        found += [Finding("private_key", m.start(), m.end()) for m in _PUTTY_KEY.finditer(text)]
    for hint, rule in _TOKEN_RULES:
        if hint in lowered:
            found += [Finding("token", m.start(), m.end()) for m in rule.finditer(text)]
    # Each rule below needs a character or word it starts from; skipping the rest keeps a
    # megabyte of chat under a second.
    if ":" in text or "=" in text:
        found += _assignments(text)
    if "bearer" in lowered:
        found += _group_spans(_BEARER, "token", text)
    if "basic" in lowered:
        found += _basic_auth(text)
    if "://" in text:
        found += _group_spans(_URL_PASSWORD, "credential", text)
    if " -" in text or "machine" in lowered or text.startswith("-"):
        found += _any_group(_COMMAND, "credential", text)
    if "sig=" in text:
        found += _group_spans(_SAS_SIGNATURE, "token", text)
    if any(w in lowered for w in ("cvv", "cvc", "csc", "security code")):
        found += _group_spans(_CARD_CODE, "card", text)
    if "ssn" in lowered or "social" in lowered:
        found += _group_spans(_SSN, "ssn", text)
    found += _cards(text)
    found += _ibans(text)
    found += _prose(text)
    found += _prose_later(text)
    found += _group_spans(_ACCOUNT, "account", text)
    if any(w in lowered for w in _ID_WORDS):
        found += _id_numbers(text)
    if any(w in lowered for w in _NATIONAL_WORDS):
        found += _group_spans(_NATIONAL_ID, "id", text)
    if any(w in lowered for w in ("code", "combi", "combo", "lock")):
        found += _group_spans(_ACCESS_CODE, "code", text)
        found += _group_spans(_CODE_LATER, "code", text)
    if "with" in lowered:
        found += _group_spans(_OPENS_WITH, "code", text)
    if any(w in lowered for w in ("words", "phrase")):
        found += _group_spans(_SEED_PHRASE, "password", text)
    found += _strong_passwords(text)
    merged: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -f.end)):
        if merged and f.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Finding(last.kind, last.start, max(last.end, f.end))
        else:
            merged.append(f)
    return merged


def redact(text: str) -> str:
    """The text with each secret replaced by MARKER."""
    findings = find_secrets(text)
    if not findings:
        return text
    parts, pos = [], 0
    for f in findings:
        parts.append(text[pos:f.start])
        parts.append(MARKER)
        pos = f.end
    parts.append(text[pos:])
    return "".join(parts)


def has_secret(text: str) -> bool:
    return bool(find_secrets(text))
