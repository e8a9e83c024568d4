/**
 * The most common passwords of at least 6 characters, from public breach-frequency lists.
 * Refused at sign-up (DECISIONS.md 10); compared case-insensitively.
 */
const COMMON = `123456 password 123456789 12345678 1234567 qwerty 111111 123123 abc123 password1
1234567890 000000 iloveyou 654321 qwerty123 1q2w3e4r 123321 666666 987654321 qwertyuiop
dragon 121212 sunshine monkey letmein football baseball master shadow superman
michael welcome princess trustno1 passw0rd password123 qazwsx 1qaz2wsx 123qwe 112233
zxcvbnm asdfgh asdfghjkl 555555 7777777 888888 999999 123654 159753 147258369
charlie donald freedom whatever starwars jordan23 hello123 secret batman access
mustang ashley bailey hunter 1q2w3e qwe123 aa123456 loveme lovely 123abc
flower hottie loveyou 696969 maggie ginger computer michelle jessica pepper
killer soccer hockey ranger buster thomas robert tigger daniel andrew
matrix summer internet samsung cheese chocolate butterfly nicole azerty 11111111
1111111 11223344 12341234 abcdef abcd1234 a123456 q1w2e3r4 zaq12wsx 1qazxsw2 changeme
admin123 administrator qwerty1 123456a password! p@ssword p@ssw0rd welcome1 iloveyou1
maybe123 maybemaybe`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
