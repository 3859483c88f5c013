"""The secret rules: what they must catch, and ordinary text they must leave alone."""

from __future__ import annotations

import pytest
from probes import count
from secrets_corpus import ORDINARY as MORE_ORDINARY
from secrets_corpus import SECRETS as MORE_SECRETS

from chatbot.redact import MARKER, find_secrets, iban_ok, luhn_ok, redact

OPENAI = "sk-proj-Abcdef1234567890XYZabcdef"
ANTHROPIC = "sk-ant-api03-AbCdEf0123456789_-xyz"
GITHUB = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
GOOGLE = "AIzaSyA1234567890abcdefghijklmnopqrstuv"
JWT = ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
       "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")
RSA = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc\n"
       "-----END RSA PRIVATE KEY-----")
OPENSSH = ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n"
           "-----END OPENSSH PRIVATE KEY-----")

SECRETS = {
    "openai key": (f"my key is {OPENAI}", OPENAI),
    "anthropic key": (f"use {ANTHROPIC}", ANTHROPIC),
    "aws key id": ("AKIAIOSFODNN7EXAMPLE is the id", "AKIAIOSFODNN7EXAMPLE"),
    "github token": (f"token {GITHUB}", GITHUB),
    "slack token": ("xoxb-123456789012-abcdefABCDEF", "xoxb-123456789012-abcdefABCDEF"),
    "google key": (GOOGLE, GOOGLE),
    "jwt": (JWT, "eyJhbGciOiJIUzI1NiJ9"),
    "env assignment": ("OPENAI_API_KEY=abc123def456", "abc123def456"),
    "api_key=": ("set api_key = 'q8w7e6r5t4y3'", "q8w7e6r5t4y3"),
    "password colon": ("password: Tr0ub4dor&3", "Tr0ub4dor&3"),
    "json password": ('{"user": "ann", "password": "s3cr3t!"}', "s3cr3t!"),
    "client secret": ("client_secret=ZmFrZXNlY3JldA", "ZmFrZXNlY3JldA"),
    "bearer": ("Authorization: Bearer abcdefghijklmnop1234567890", "abcdefghijklmnop1234567890"),
    "url password": ("postgres://admin:hunter22@db.example.com/app", "hunter22"),
    "private key": (RSA, "MIIEowIBAAKCAQEA"),
    "openssh key": (OPENSSH, "b3BlbnNzaC1rZXktdjEAAAA"),
    "cut-off key": ("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B", "MIIEvQIBADANBgkq"),
    "visa spaced": ("my card is 4111 1111 1111 1111, expires soon", "4111 1111 1111 1111"),
    "visa dashed": ("card 4242-4242-4242-4242", "4242-4242-4242-4242"),
    "visa plain": ("4012888888881881", "4012888888881881"),
    "amex": ("amex 3782 822463 10005", "3782 822463 10005"),
    "mastercard 2-series": ("2221 0000 0000 0009", "2221 0000 0000 0009"),
    "card after phone": ("call 555 0132 about card 5555 5555 5555 4444", "5555 5555 5555 4444"),
    "iban spaced": ("my IBAN is DE89 3704 0044 0532 0130 00 thanks", "DE89 3704 0044 0532 0130 00"),
    "iban plain": ("GB82WEST12345698765432", "GB82WEST12345698765432"),
    "iban lower": ("send it to fr1420041010050500013m02606", "fr1420041010050500013m02606"),
    "prose password": ("my password is hunter2", "hunter2"),
    "prose password for": ("The password for my gmail account is CorrectHorse!", "CorrectHorse"),
    "prose word password": ("my password is swordfish.", "swordfish"),
    "prose pin": ("My PIN was 4821", "4821"),
    "prose passcode quoted": ('the wifi passcode is "blue-lagoon-77"', "blue-lagoon-77"),
    "prose account number": ("my bank account number is 12345678", "12345678"),
    "prose ssn": ("my SSN is 123-45-6789", "123-45-6789"),
    "prose cvv": ("cvv: 123", "123"),
    "prose quoted words": ('my password is "correct horse battery"', "correct horse battery"),
    "prose is colon": ("the password to the wifi at home is: Kiwi_42!", "Kiwi_42"),
    "account no.": ("account no. 31926819, sort code 12-34-56", "31926819"),
    "sort code": ("account no. 31926819, sort code 12-34-56", "12-34-56"),
    "routing number": ("routing number 021000021", "021000021"),
    "alarm code": ("Hang on to this: the alarm code at home is 5821.", "5821"),
    "door code colon": ("door code: 4417", "4417"),
    "combination": ("The combination to the safe is 12-34-56.", "12-34-56"),
    "lock code now": ("the code for the bike lock is 0042 now", "0042"),
    "keycode of a building": ("the keycode for the front door of my building is 7260. I'm on "
                              "the fifth floor", "7260"),
    "code of a long something": ("the code for the key safe by my front door is 9163, can u "
                                 "keep it for me?", "9163"),
    "opens with": ("the padlock on my garden shed opens with 4-0-8-6-1.", "4-0-8-6-1"),
    "unlocks with": ("The key safe unlocks with 2219", "2219"),
    "passport no.": ("jot this down for me: passport no. is K83920175. also flying out on "
                     "the 2nd", "K83920175"),
    "ni number": ("my NI number is QQ 12 34 56 C", "QQ 12 34 56 C"),
    "driving licence": ("driving licence number: MORGA753116SM9IJ", "MORGA753116SM9IJ"),
}

ORDINARY = [
    "I use a password manager, 1Password, for everything",
    "My password is too long to remember",
    "the password is stored in my keychain",
    "I forgot my password again, can you help me reset it?",
    "Call me at +1 415 555 0132 or 020 7946 0958",
    "My phone is +44 7911 123456",
    "I was born on 1990-04-12 and moved on 12/03/2015",
    "Order number 1234567890123456 arrived late",           # fails Luhn
    "tracking 9400 1000 0000 0000 0000 00",                  # 22 digits: not a card
    "ISBN 978-3-16-148410-0 is a good book",
    "I ran 5 10 15 20 25 30 35 40 km this month",
    "My flight is LH 2024 at 10:30, seat 14C",
    "The task-force meeting is at 9",
    "I keep my skills sharp; sk-8 park on Sundays",
    "Bearer of good news: we got the house",
    "My PIN code is something I never share",
    "I prefer Python over Java and live in Lisbon",
    "DE is my country code and 89 my age",
    "She scored 4111 points, then 1111 more",
    "Version 3.11.4 of Python, build 20240315",
    "The api key rotation policy is quarterly",
    "my account has 12 items in the cart",
    "My password is not something I'd tell you",
    "My zip code is 90210 and the area code is 212",
    "Error code 404 again, and the dress code is formal",
    "I wrote code for 3 hours; my postcode is 2000",
    "I renewed my passport in 2019 and the NHS is under pressure since 2010",
]

assert not set(SECRETS) & set(MORE_SECRETS)
SECRETS.update(MORE_SECRETS)
ORDINARY += MORE_ORDINARY


@pytest.mark.parametrize("name", SECRETS)
def test_secret_is_redacted(name):
    text, secret = SECRETS[name]
    out = redact(text)
    count("secrets", tried=1, leaks=int(secret in out))
    assert secret not in out and MARKER in out, out


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_kept(text):
    count("secrets_false_positive", tried=1)
    assert redact(text) == text, find_secrets(text)


def test_the_rest_of_the_fact_survives():
    assert redact("My gmail password is hunter2 and I like tea") == (
        f"My gmail password is {MARKER} and I like tea")
    assert redact("OPENAI_API_KEY=sk-abcdefghijklmnop1234") == f"OPENAI_API_KEY={MARKER}"


def test_redaction_is_idempotent():
    for text, _ in SECRETS.values():
        once = redact(text)
        assert redact(once) == once


def test_checksums():
    assert luhn_ok("4111111111111111") and not luhn_ok("4111111111111112")
    assert iban_ok("DE89 3704 0044 0532 0130 00") and not iban_ok("DE88 3704 0044 0532 0130 00")


def test_large_text_is_fast():
    import time

    text = ("lorem ipsum 1234 5678 dolor sit amet password manager " * 20000)[:1_000_000]
    start = time.perf_counter()
    redact(text)
    assert time.perf_counter() - start < 5
