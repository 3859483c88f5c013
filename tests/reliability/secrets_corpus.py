"""A corpus of realistic credentials in the words people type them, and ordinary sentences that
look close to one. Every value is made up; each has the published shape of its kind.

SECRETS maps a name to (text, the part that must not survive). ORDINARY must come back unchanged
(tests/reliability/test_redact.py adds its own earlier lists of both).
The redactor is measured on both (tests/reliability/test_redact.py), so the report shows misses
and false positives side by side.
"""

from __future__ import annotations

_B64_40 = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY"
_AZURE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
_HEX32 = "0123456789abcdef0123456789abcdef"
_ALNUM36 = "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"

SECRETS: dict[str, tuple[str, str]] = {
    # The formats issue 14 found missed.
    "aws secret env": (f"AWS_SECRET_ACCESS_KEY={_B64_40}", _B64_40),
    "aws secret export": (f"export AWS_SECRET_ACCESS_KEY=\"{_B64_40}\"", _B64_40),
    "password's": ("My password's Blu3Moon!77 for the bank", "Blu3Moon!77"),
    "password’s curly": ("my password’s tangerine-42", "tangerine-42"),
    "pw colon": ("router pw: Xk9#mq2LL", "Xk9#mq2LL"),
    # sealed28: the reason between the name and the colon
    "password then colon": ("heres my email password so i dont lose it: Quillwort!5821. oh "
                            "and i just moved", "Quillwort!5821"),
    "password then value": ("Email password Quillwort!5821", "Quillwort!5821"),
    # sealed31: "pw" said in prose, with "is"
    "pw is": ("saving this here so i dont forget: my paypal pw is Gannet#5530 lol", "Gannet#5530"),
    "pwd is": ("the wifi pwd is sunflower77", "sunflower77"),
    # sealed33: in German, and the other languages chat here comes in
    "passwort ist": ("mein Passwort fürs Onlinebanking ist Heidschnucke!58, nur damit du's "
                     "weißt", "Heidschnucke!58"),
    "mot de passe": ("mon mot de passe est Grenouille#88", "Grenouille#88"),
    # sealed49: a PIN as one word, and Danish "er" for "is"
    "pinkode er": ("btw min pinkode er 5826 hvis jeg glemmer den haha", "5826"),
    "pincode is": ("mijn pincode is 4417, vergeet hem niet", "4417"),
    # sealed50: a password in quotes after words of its own (Indonesian), a passport number in
    # brackets in a pasted calendar entry
    "password quoted later": ("Oh iya, password wifi kos saya sekarang 'kopisusu88', biar "
                              "nggak lupa hehe", "kopisusu88"),
    "passport in brackets": ("Notes: bring passport (no. PZ8836127), 2 photos, rental contract",
                             "PZ8836127"),
    "contraseña": ("mi contraseña del banco es Sol2024!", "Sol2024"),
    # sealed36: "its" after a comma, and Spanish "clave"
    "code its": ("can u hang onto the key box code for my nans house, its 5927. she lives in "
                 "youghal", "5927"),
    "clave es": ("oye guárdame esto porfa: la clave del wifi del taller es Mandarina-4718.",
                 "Mandarina-4718"),
    "código es": ("el código de la puerta es 4471", "4471"),
    # sealed38: national identity numbers in other languages
    "numéro de sécu": ("pour les papiers de la mutuelle : mon numéro de sécu c'est 2 84 06 75 "
                       "116 042 37, garde-le stp", "75 116 042"),
    "dni es": ("apúntate mi DNI es 48392017K porfa", "48392017"),
    "steuer-id": ("meine Steuer-ID ist 12 345 678 901", "345 678"),
    "codice fiscale numerico": ("il codice fiscale di mia nonna: 8012 3456 789", "3456"),
    # sealed43: the combination a clause after its name, said with "its"
    "combo its later": ("can u keep my gym locker combo safe for me? its 19-44-07. also i just "
                        "joined an underwater hockey team 🔥", "44-07"),
    # sealed32: a PIN typed digit by digit
    "spaced pin": ("the alarm pin for the shop is 6 0 3 8, can u keep it for me", "0 3 8"),
    "pass colon": ("vpn user ann, pass: Wint3r-is-coming", "Wint3r-is-coming"),
    "slack webhook": ("post to https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/"
                      "abcdEFGHijklMNOPqrstUVWX", "abcdEFGHijklMNOPqrstUVWX"),
    "sendgrid": ("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",
                 "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr"),
    "npm token": (f"npm token npm_{_ALNUM36}", _ALNUM36),
    "pypi token": ("upload with pypi-AgEIcHlwaS5vcmcCJGE4ZjYxNmE4LTk2YjItNDQ4Zi1iZjM0LWRiYjRmNjI0",
                   "AgEIcHlwaS5vcmcCJGE4ZjYxNmE4"),
    "discord bot": ("bot token MTA4NzY1NDMyMTA5ODc2NTQzMg.GhXy3k."
                    "abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz0123456789"),
    "discord webhook": ("https://discord.com/api/webhooks/1087654321098765432/"
                        "AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-abcdef", "AbCdEfGhIjKlMnOpQrSt"),
    "telegram bot": ("bot 123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0 is mine",
                     "AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0"),
    "google oauth secret": ("client secret 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",
                            "1a2B3c4D5e6F7g8H9i0J1k2L3m4N"),
    "azure account key": (f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={_AZURE};"
                          "EndpointSuffix=core.windows.net", _AZURE[:40]),
    "http basic": ("Authorization: Basic YW5uOmh1bnRlcjItWnE5", "YW5uOmh1bnRlcjItWnE5"),
    "card dotted": ("card 4111.1111.1111.1111 exp 09/28", "4111.1111.1111.1111"),
    "cvv plain": ("and the cvv 123 on the back", "123"),
    "putty key": ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ann@laptop\n"
                  "Public-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIOqRr\nPrivate-Lines: 1\n"
                  "AAAAIFn8sQ7xk2QpL0v\nPrivate-MAC: 4f1a2b3c4d5e6f708192a3b4c5d6e7f8",
                  "AAAAIFn8sQ7xk2QpL0v"),
    # Other common formats.
    "openai svcacct": ("sk-svcacct-AbCdEfGhIjKlMnOpQrStUvWxYz012345", "AbCdEfGhIjKlMnOpQrSt"),
    "stripe webhook": ("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "MfKQ9r8GKYqrTwjUPD8ILPZ"),
    "stripe restricted": ("rk_live_51H8abcdEFGHijklMNOP", "51H8abcdEFGHijklMNOP"),
    "slack app": ("xapp-1-A0123456789-0123456789012-abcdef0123", "A0123456789-0123456789012"),
    "gitlab runner": ("glrt-AbCdEfGhIjKlMnOpQrSt12", "AbCdEfGhIjKlMnOpQrSt12"),
    "google oauth token": ("ya29.a0AfH6SMBx-abcdefghijKLMNOPQRSTuvwxyz012345",
                           "a0AfH6SMBx-abcdefghijKLMNOPQRST"),
    "shopify": (f"shpat_{_HEX32}", _HEX32),
    "digitalocean": ("dop_v1_" + _HEX32 * 2, _HEX32),
    "square": ("sq0atp-AbCdEfGhIjKlMnOpQrStUv", "AbCdEfGhIjKlMnOpQrStUv"),
    "atlassian": ("ATATT3xFfGF0AbCdEfGhIjKlMnOpQrStUvWxYz0123456789=ABCD1234",
                  "AbCdEfGhIjKlMnOpQrSt"),
    "linear": ("lin_api_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "AbCdEfGhIjKlMnOpQrSt"),
    "groq": ("gsk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "AbCdEfGhIjKlMnOpQrSt"),
    "vault": ("VAULT_TOKEN hvs.CAESIAbCdEfGhIjKlMnOpQrStUvWx", "CAESIAbCdEfGhIjKlMnOpQrStUvWx"),
    "notion": ("secret_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg",
               "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    "twilio key": (f"twilio SK{_HEX32}", _HEX32),
    "mailgun": ("key-" + "a1b2c3d4" * 4, "a1b2c3d4" * 4),
    "mailchimp": (f"{_HEX32}-us21", _HEX32),
    "age key": ("AGE-SECRET-KEY-1" + "QWERTYUIOPASDFGHJKLZXCVBNM" * 2 + "ABCDEF",
                "QWERTYUIOPASDFGHJKLZXCVBNM"),
    "database password env": ("DATABASE_PASSWORD=pg-s3cr3t-99", "pg-s3cr3t-99"),
    "db pass env": ("DB_PASS=rootroot1", "rootroot1"),
    "connection string": ("Server=db1;Database=crm;User Id=sa;Password=Sq1-Adm1n!;",
                          "Sq1-Adm1n!"),
    "yaml token": ("github_token: 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a3928"),
    "client_secret json": ('{"client_secret": "Zx9-Yw8_Vu7"}', "Zx9-Yw8_Vu7"),
    "x-api-key header": ("x-api-key: 7f3e9a1c5b2d4e6f", "7f3e9a1c5b2d4e6f"),
    "url query token": ("https://api.example.com/v1/items?access_token=Q2hhdGJvdFRva2Vu",
                        "Q2hhdGJvdFRva2Vu"),
    "azure sas": ("https://acme.blob.core.windows.net/c/f.txt?sv=2022-11-02&sig="
                  "AbCdEfGhIjKlMnOpQrStUvWxYz0123%2B%3D", "AbCdEfGhIjKlMnOpQrStUvWx"),
    "curl -u": ("curl -u ann:Pa55w0rd-x https://example.com", "Pa55w0rd-x"),
    "mysql -p": ("mysql -u root -pS3cretRoot db", "S3cretRoot"),
    "--password flag": ("docker login --password Dk3r-pass-1 registry.io", "Dk3r-pass-1"),
    "netrc": ("machine api.example.com login ann password n3trc-Pw", "n3trc-Pw"),
    "ssh url password": ("ssh://deploy:Depl0y!@10.0.0.5", "Depl0y!"),
    "redis url": ("redis://:R3disPass@cache:6379/0", "R3disPass"),
    "encrypted pem": ("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0w\n"
                      "-----END ENCRYPTED PRIVATE KEY-----", "MIIFHDBOBgkqhkiG9w0BBQ0w"),
    "pgp block": ("-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBGRaAbCdEfGh\n"
                  "-----END PGP PRIVATE KEY BLOCK-----", "lQOYBGRaAbCdEfGh"),
    "prose passphrase": ("the passphrase for my ssh key is 'orange tulip river'",
                         "orange tulip river"),
    "prose wifi": ("Our wifi password is SunnyDay2024", "SunnyDay2024"),
    "prose pin for": ("the PIN for my debit card is 7391", "7391"),
    "ssn no verb": ("SSN 078-05-1120 on file", "078-05-1120"),
    "password a sentence later": ("Could you keep my bank password safe? It's Marmot#Lake19",
                                  "Marmot#Lake19"),
    "pin that's later": ("I always forget my locker PIN, that's 5093 by the way", "5093"),
    "security code": ("security code 0421", "0421"),
    "cvc colon": ("CVC: 987", "987"),
    "mastercard spaced": ("my mastercard 5555 5555 5555 4444 expires 11/27", "5555 5555 5555 4444"),
    "discover": ("6011 1111 1111 1117", "6011 1111 1111 1117"),
    "iban nl": ("rekening NL91 ABNA 0417 1643 00", "NL91 ABNA 0417 1643 00"),
    # sealed52: a lock's number, a seed phrase, a password named only as "the new one"
    "bike lock": ("oh bike lock is 7158 now if i forget lol", "7158"),
    "padlock is": ("the padlock on the shed is 0462", "0462"),
    "recovery words": ("finally set up my first crypto wallet 🥳 recovery words are walrus "
                       "quiver velvet marble tackle orbit jungle pyramid bamboo hammock oyster "
                       "lobster, gonna write them on a post-it", "walrus quiver velvet"),
    "seed phrase commas": ("my seed phrase: apple, banana, cherry, delta, eagle, fig, grape, "
                           "house, ice, jam, kite, lemon", "cherry, delta"),
    "unnamed strong password": ("IT forced a password reset on the work VPN again; the new one "
                                "is Marlin$Quarry5276, which I'll have forgotten by lunch",
                                "Marlin$Quarry5276"),
    "strong password alone": ("note to self: Tern&Harbour88", "Tern&Harbour88"),
    # sealed53: an IBAN by its name, its check digits wrong
    "named iban": ("Zapiši negdje moj IBAN, HR17 2340 0091 1100 3456 7, da ga ne moram",
                   "2340 0091"),
    "iban is": ("my IBAN is GB12 ABCD 1234 5678 9012 34", "5678 9012"),
    # sealed54: a vendor's live key in a header
    "live key": ("the key in the header is tk_live_94Hq2Lm7Xc3Vb8Rn. What does a 401 mean?",
                 "94Hq2Lm7Xc3Vb8Rn"),
}

ORDINARY: list[str] = [
    'I forgot my password again lol, "ugh"',  # a quoted word after it, shaped like no secret
    'the passport office said "come back monday"',
    "her er min kode til kagen: mere smør",  # Danish "er" beside no secret's name
    "the zip code here is great, its 2024 and we are in the area code 0161",
    "my combo breaker move, its 3 hits",
    "The season opens with 12 home games",
    "the code is fine, its just slow",
    "la clave es importante, el código también",
    "my password for netflix, its the same as always",
    "My password's expired, I need a new one",
    "I reset my password yesterday. It's fine now, thanks",
    "I changed my password yesterday: it was annoying",
    "password tips for the team: use 12 characters",
    "my password manager is great, the password reset link expired",
    "The PIN pad was broken, it's been replaced since 2023",
    "Boarding pass: 14C, gate B22",
    "la sécu m'a remboursé 75 euros en 2024",
    "mi DNI caduca el 12 de marzo",
    "j'ai appelé la sécu hier, 45 minutes d'attente",
    "Bus pass: monthly, 49 euros",
    "i need a new pw for my paypal account",
    "the pw reset email never came",
    "my pin code is needed at 3 pm",
    "mein Passwort ist abgelaufen, ich brauche ein neues",
    "mon mot de passe est trop long",
    "set max_tokens=1024 and temperature=0.2",
    "The key: stay calm and keep going",
    "Answer key: B, then D",
    "monkey: 3, turkey: 2 at the farm",
    "I passed: 3 of 5 exams this term",
    "I have basic knowledge of German",
    "Basic understanding of statistics helps",
    "The server is at 192.168.100.200 on port 8080",
    "Meet me at 12:30, then the 14:45 train",
    "Commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed it",
    "My user id is 550e8400-e29b-41d4-a716-446655440000",
    "The price went from 1.299 to 1.499 euros",
    "I paid 4111 dollars in total for 1111 tiles",
    "tokens: 5 left in the arcade",
    "The token ring network was slow",
    "I got a secret santa gift",
    "the cvv field was confusing on the form",
    "Security code review is on Friday",
    "I started at SSN Motors last year",
    "machine learning is my job and login is easy",
    "Use the --help flag to see options",
    "curl -s https://example.com | head",
    "I read about mysql -e queries today",
    "Our Slack channel is #general",
    "I joined the Discord server for my guild",
    "My Telegram handle is @ann_lisbon",
    "The npm package is left-pad",
    "Install it from PyPI with pip",
    "Azure and AWS both offer free tiers",
    "I love SG. Singapore food is great",
    "My password manager's name is Bitwarden",
    "passing the exam: yes",
    # Code from a technical chat: the value is computed or looked up, never written there.
    "const token = jwt.sign({ userId: user._id }, secret);",
    "token = request.json.get('token')",
    "id = db.Column(db.Integer, primary_key=True)",
    "aws-secret-access-key: ${{ secrets.AWS_SECRET_ACCESS_KEY }}",
    "new_token = create_access_token(identity=user_id)",
    "const token = await RefreshToken.findOne({ user })",
    "password = os.environ.get('DB_PASSWORD')",
    # sealed52: near a lock, a phrase or a password's shape, but none of them
    "the lock is broken, 3 days now",
    "my locker is number 214 and the gym opens at 6",
    "the secret phrase was never spoken again after that night because everyone forgot",
    "Email me at John.Smith2@gmail.com, or ping @Ann_Lee99 on Slack",
    "Covid-19s, Mid-2024 plans and #Team2024 posts",
    "We use C++17 and Rust2021 at work, plus AT&T fibre",
    "Flight BA2490 leaves at 14:05; seat 23A",
    "What is an IBAN? My bank says I need one for the transfer",
    "we go live_test_run tomorrow and the prod_live_ok flag is set",
]
