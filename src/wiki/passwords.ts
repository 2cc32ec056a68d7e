// Stored password hashes as MediaWiki 1.39 reads them (user.user_password, bot_passwords.bp_password):
// which hashes it can use, and whether a password matches one.
//
// A stored hash is `:<type>:<body>`; $wgPasswordConfig maps the type to a Password class, whose
// body is a list of parameters, arguments (salts) and the hash itself, split by the class's
// delimiter. MediaWiki verifies by hashing the password again with the stored parameters and
// comparing the two hashes written out whole, so a stored form it would write differently never
// matches (an unused bit in a bcrypt salt, a missing salt). Costs come from the stored hash, not
// the configuration: one verification costs what the hash was made with. At MediaWiki's defaults
// (measured on this project's machine): PBKDF2-SHA512 with 30000 rounds about 15 ms of a libuv
// thread, the event loop free meanwhile; bcrypt cost 9 about 27 ms and argon2id (64 MiB, 4 passes)
// about 280 ms of WebAssembly on the calling thread, which they block.
//
// Passwords are compared in constant time and never logged or put in errors.

import { createDecipheriv, createHash, getCipherInfo, pbkdf2 as pbkdf2Callback, randomBytes, timingSafeEqual } from 'node:crypto';
import { argon2Verify, bcrypt as bcryptHash, createMD4, createWhirlpool, pbkdf2 as wasmPbkdf2 } from 'hash-wasm';
import { phpInt } from './php-values.ts';

/**
 * What MediaWiki makes of a password against a stored hash.
 * - `match`, `mismatch`: Password::verify's answer.
 * - `invalid`: MediaWiki reads the stored value as an InvalidPassword (empty, no `:type:`, a type
 *   not configured, too few parameters): no password logs in; Special:BotPasswords says the bot
 *   password needs a reset (`botpasswords-needs-reset`).
 * - `error`: Password::verify throws (a PasswordError such as zero PBKDF2 rounds, a bcrypt cost
 *   below 4, a hash over 255 bytes, a peppered hash that does not decrypt): the request fails.
 * - `unsupported`: MediaWiki could verify it but this code cannot (a PBKDF2 digest Node lacks,
 *   crypt() formats other than bcrypt inside `:argon2:`, argon2 hashes without a version, an
 *   empty password against argon2 (MediaWiki's login refuses empty passwords before reading any
 *   hash), a Password class of an extension).
 */
export type PasswordVerdict = 'match' | 'mismatch' | 'invalid' | 'error' | 'unsupported';

/** One entry of $wgPasswordConfig: the Password class by its MediaWiki name, and its options. */
export interface PasswordTypeConfig {
  class: string;
  /** LayeredParameterizedPassword: the types hashed one after the other. */
  types?: readonly string[];
  /** EncryptedPassword: the type of new hashes it encrypts (not needed to verify). */
  underlying?: string;
  /** EncryptedPassword: the keys, raw bytes (or base64 text), the stored hash names one by index. */
  secrets?: readonly (Uint8Array | string)[];
  /** EncryptedPassword: the OpenSSL cipher of new hashes (the stored hash names its own). */
  cipher?: string;
  /** Costs of new hashes; verification reads them from the stored hash. */
  [option: string]: unknown;
}

export type PasswordConfig = Readonly<Record<string, PasswordTypeConfig>>;

/** $wgPasswordConfig of MediaWiki 1.39 ($wgPasswordDefault is `pbkdf2`). */
export const DEFAULT_PASSWORD_CONFIG: PasswordConfig = {
  A: { class: 'MWOldPassword' },
  B: { class: 'MWSaltedPassword' },
  'pbkdf2-legacyA': { class: 'LayeredParameterizedPassword', types: ['A', 'pbkdf2'] },
  'pbkdf2-legacyB': { class: 'LayeredParameterizedPassword', types: ['B', 'pbkdf2'] },
  bcrypt: { class: 'BcryptPassword', cost: 9 },
  pbkdf2: { class: 'Pbkdf2Password', algo: 'sha512', cost: '30000', length: '64' },
  argon2: { class: 'Argon2Password', algo: 'auto' },
};

export interface PasswordOptions {
  /**
   * The user_id of the user row the hash comes from. LocalPasswordPrimaryAuthenticationProvider
   * reads a user_password of 32 lower-case hex digits (MediaWiki before 1.24, no type) as
   * `:B:<user_id>:<hash>`. Leave it out for bot_passwords, where such a value is invalid.
   */
  userId?: number;
  /** The wiki's $wgPasswordConfig; MediaWiki 1.39's by default. */
  passwordConfig?: PasswordConfig;
}

/** Whether `password` is the one `stored` was made from, as MediaWiki verifies it. */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string | Uint8Array,
  options: PasswordOptions = {},
): Promise<boolean> {
  return (await checkPassword(stored, password, options)) === 'match';
}

/** MediaWiki's verdict on `password` against `stored` (see PasswordVerdict). */
export async function checkPassword(
  stored: string | null | undefined,
  password: string | Uint8Array,
  options: PasswordOptions = {},
): Promise<PasswordVerdict> {
  const config = options.passwordConfig ?? DEFAULT_PASSWORD_CONFIG;
  // AbstractPasswordPrimaryAuthenticationProvider::getPassword and BotPassword::getPassword read
  // a PasswordError as an InvalidPassword.
  const parsed = parseStoredPassword(withLegacyUserForm(stored, options.userId), config);
  if (!parsed.ok) return parsed.reason === 'unsupported' ? 'unsupported' : 'invalid';
  try {
    return (await parsed.hash.verify(toBytes(password))) ? 'match' : 'mismatch';
  } catch (error) {
    if (error instanceof UnsupportedHash) return 'unsupported';
    if (error instanceof HashError) return 'error';
    throw error;
  }
}

/**
 * The type name of a stored hash MediaWiki can verify passwords against, or null when it reads it
 * as an InvalidPassword (BotPassword::isInvalid; LocalPasswordPrimaryAuthenticationProvider's
 * testUserCanAuthenticate is its negation).
 */
export function storedPasswordType(stored: string | null | undefined, options: PasswordOptions = {}): string | null {
  const parsed = parseStoredPassword(withLegacyUserForm(stored, options.userId), options.passwordConfig ?? DEFAULT_PASSWORD_CONFIG);
  return parsed.ok ? parsed.hash.type : parsed.reason === 'unsupported' ? parsed.type : null;
}

// PHP's `$` also matches before a final newline.
const LEGACY_USER_HASH = /^[0-9a-f]{32}\n?$/;

function withLegacyUserForm(stored: string | null | undefined, userId: number | undefined): string | null {
  if (stored === null || stored === undefined) return null;
  if (userId !== undefined && LEGACY_USER_HASH.test(stored)) return `:B:${userId}:${stored}`;
  return stored;
}

function toBytes(password: string | Uint8Array): Buffer {
  return typeof password === 'string' ? Buffer.from(password, 'utf8') : Buffer.from(password);
}

/** Password::verify threw a PasswordError (or PHP an error) where MediaWiki would. */
class HashError extends Error {}
/** MediaWiki would verify this hash; this code cannot. */
class UnsupportedHash extends Error {}

// Password::assertIsSafeSize: a hash written out longer than this is a PasswordError.
const MAX_HASH_BYTES = 255;

interface StoredHash {
  readonly type: string;
  verify(password: Buffer): Promise<boolean>;
}

/**
 * What PasswordFactory::newFromCiphertext makes of a stored value: a hash to verify with, an
 * InvalidPassword (`nothing`: empty, or a type configured as InvalidPassword, like '' and the
 * optional `null`), a PasswordError (`error`), or a class this code does not know.
 */
type Parsed =
  | { ok: true; hash: StoredHash }
  | { ok: false; reason: 'nothing' | 'error' }
  | { ok: false; reason: 'unsupported'; type: string };

function parseStoredPassword(stored: string | null, config: PasswordConfig): Parsed {
  if (stored === null || stored === '') return { ok: false, reason: 'nothing' };
  if (stored[0] !== ':') return { ok: false, reason: 'error' };
  const typeEnd = stored.indexOf(':', 1);
  // substr( $hash, 1, strpos( $hash, ':', 1 ) - 1 ): without a second colon, all but the last character.
  const type = typeEnd === -1 ? stored.slice(1, -1) : stored.slice(1, typeEnd);
  const typeConfig = type === '' ? { class: 'InvalidPassword' } : Object.hasOwn(config, type) ? config[type] : undefined;
  if (typeConfig === undefined) return { ok: false, reason: 'error' };
  if (typeConfig.class === 'InvalidPassword') return { ok: false, reason: 'nothing' };
  const body = stored.length >= 3 ? stored.slice(typeEnd === -1 ? 1 : typeEnd + 1) : stored;
  try {
    return { ok: true, hash: hashOfClass(type, typeConfig, body, config) };
  } catch (error) {
    if (error instanceof HashError) return { ok: false, reason: 'error' };
    if (error instanceof UnsupportedHash) return { ok: false, reason: 'unsupported', type };
    throw error;
  }
}

function hashOfClass(type: string, typeConfig: PasswordTypeConfig, body: string, config: PasswordConfig): StoredHash {
  if (typeConfig.class === 'Argon2Password') return new Argon2Hash(type, body);
  if (typeConfig.class === 'EncryptedPassword') {
    return new EncryptedHash(type, typeConfig, parseParameterized(body, ENCRYPTED_LAYOUT), config);
  }
  const scheme = parameterizedScheme(typeConfig, config);
  return new ParameterizedHash(type, scheme, parseParameterized(body, scheme));
}

// ---------------------------------------------------------------------------------------------
// ParameterizedPassword: `params<d>args<d>hash` with the class's delimiter <d>.

interface ParameterizedState {
  /** As many as the class has default parameters. */
  params: string[];
  args: string[];
  hash: string | null;
}

interface ParameterizedScheme {
  delimiter: string;
  paramCount: number;
  /** Parameter values as the class keeps them after parsing (BcryptPassword casts its cost). */
  normalize(params: string[]): string[];
  /** Password::crypt on a copy of the stored state: the state it leaves. */
  crypt(state: ParameterizedState, password: Buffer): Promise<ParameterizedState>;
}

function parseParameterized(body: string, scheme: ParameterizedScheme): ParameterizedState {
  const parts = body.split(scheme.delimiter);
  if (parts.length < scheme.paramCount) throw new HashError('Hash is missing required parameters.');
  const params = scheme.normalize(parts.slice(0, scheme.paramCount));
  const args = parts.slice(scheme.paramCount);
  const hash = args.length > 0 ? args.pop()! : null;
  return { params, args, hash };
}

function writeParameterized(type: string, scheme: ParameterizedScheme, state: ParameterizedState): string {
  const fields = [...state.params, ...state.args];
  const head = fields.length > 0 ? fields.join(scheme.delimiter) + scheme.delimiter : '';
  return `:${type}:${head}${state.hash ?? ''}`;
}

class ParameterizedHash implements StoredHash {
  constructor(
    readonly type: string,
    private readonly scheme: ParameterizedScheme,
    private readonly state: ParameterizedState,
  ) {}

  async verify(password: Buffer): Promise<boolean> {
    const computed = await this.scheme.crypt(copyState(this.state), password);
    const expected = Buffer.from(writeParameterized(this.type, this.scheme, this.state), 'utf8');
    const actual = Buffer.from(writeParameterized(this.type, this.scheme, computed), 'utf8');
    if (expected.length > MAX_HASH_BYTES || actual.length > MAX_HASH_BYTES) throw new HashError('Password hash is too big');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

function copyState(state: ParameterizedState): ParameterizedState {
  return { params: [...state.params], args: [...state.args], hash: state.hash };
}

function parameterizedScheme(typeConfig: PasswordTypeConfig, config: PasswordConfig, seen: string[] = []): ParameterizedScheme {
  switch (typeConfig.class) {
    case 'Pbkdf2Password':
      return PBKDF2;
    case 'MWSaltedPassword':
      return SALTED_MD5;
    case 'MWOldPassword':
      return OLD_MD5;
    case 'BcryptPassword':
      return BCRYPT;
    case 'LayeredParameterizedPassword':
      return layeredScheme(typeConfig, config, seen);
    default:
      throw new UnsupportedHash();
  }
}

/** PasswordFactory::newFromType for a layer: the type must be configured and parameterized. */
function layerScheme(type: string, config: PasswordConfig, seen: string[]): ParameterizedScheme {
  const typeConfig = Object.hasOwn(config, type) ? config[type] : undefined;
  if (typeConfig === undefined) throw new HashError(`Unrecognized password hash type ${type}.`);
  if (seen.includes(type)) throw new UnsupportedHash();
  if (['InvalidPassword', 'Argon2Password', 'EncryptedPassword'].includes(typeConfig.class)) throw new UnsupportedHash();
  return parameterizedScheme(typeConfig, config, [...seen, type]);
}

// ---------------------------------------------------------------------------------------------
// :A: and :B: — MD5 of the password (MWOldPassword), or of `<salt>-<md5 of the password>`
// (MWSaltedPassword; :A: hashes with one salt argument were written so by an old bug).

function md5Hex(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex');
}

function saltedMd5(salt: string, password: Buffer): string {
  return md5Hex(Buffer.concat([Buffer.from(`${salt}-`, 'utf8'), Buffer.from(md5Hex(password), 'latin1')]));
}

const SALTED_MD5: ParameterizedScheme = {
  delimiter: ':',
  paramCount: 0,
  normalize: (params) => params,
  async crypt(state, password) {
    if (state.args.length === 0) state.args.push(randomBytes(4).toString('hex'));
    return { ...state, hash: saltedMd5(state.args[0]!, password) };
  },
};

const OLD_MD5: ParameterizedScheme = {
  delimiter: ':',
  paramCount: 0,
  normalize: (params) => params,
  async crypt(state, password) {
    if (state.args.length === 1) return { ...state, hash: saltedMd5(state.args[0]!, password) };
    return { ...state, args: [], hash: md5Hex(password) };
  },
};

// ---------------------------------------------------------------------------------------------
// :pbkdf2:<algo>:<rounds>:<length>:<salt, base64>:<hash, base64> — PHP's hash_pbkdf2, raw output
// of <length> bytes (0: the digest's own length).

/** PHP's hash algorithm names (lower case) and Node's for those Node's OpenSSL has. */
const NODE_DIGESTS: Readonly<Record<string, string>> = {
  md5: 'md5', sha1: 'sha1', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512',
  'sha512/224': 'sha512-224', 'sha512/256': 'sha512-256',
  'sha3-224': 'sha3-224', 'sha3-256': 'sha3-256', 'sha3-384': 'sha3-384', 'sha3-512': 'sha3-512',
  ripemd160: 'ripemd160',
};
const WASM_DIGESTS = { whirlpool: { create: createWhirlpool, size: 64 }, md4: { create: createMD4, size: 16 } } as const;
const DIGEST_SIZES: Readonly<Record<string, number>> = {
  md5: 16, sha1: 20, sha224: 28, sha256: 32, sha384: 48, sha512: 64, 'sha512/224': 28, 'sha512/256': 32,
  'sha3-224': 28, 'sha3-256': 32, 'sha3-384': 48, 'sha3-512': 64, ripemd160: 20,
};
/** The rest of hash_hmac_algos() in PHP 8.2: cryptographic digests PHP takes and Node lacks. */
const OTHER_PHP_DIGESTS = new Set([
  'md2', 'ripemd128', 'ripemd256', 'ripemd320', 'snefru', 'snefru256', 'gost', 'gost-crypto',
  ...['128', '160', '192'].flatMap((bits) => [`tiger${bits},3`, `tiger${bits},4`]),
  ...['128', '160', '192', '224', '256'].flatMap((bits) => [`haval${bits},3`, `haval${bits},4`, `haval${bits},5`]),
]);

const PBKDF2: ParameterizedScheme = {
  delimiter: ':',
  paramCount: 3,
  normalize: (params) => params,
  async crypt(state, password) {
    if (state.args.length === 0) state.args.push(randomBytes(16).toString('base64'));
    const [algoParam, roundsParam, lengthParam] = state.params as [string, string, string];
    const derived = await phpPbkdf2(algoParam, password, phpBase64Decode(state.args[0]!), phpInt(roundsParam), phpInt(lengthParam));
    return { ...state, hash: derived.toString('base64') };
  },
};

async function phpPbkdf2(algoName: string, password: Buffer, salt: Buffer, rounds: number, length: number): Promise<Buffer> {
  const algo = algoName.toLowerCase();
  if (rounds <= 0 || length < 0) throw new HashError('Error when hashing password.');
  const nodeDigest = Object.hasOwn(NODE_DIGESTS, algo) ? NODE_DIGESTS[algo] : undefined;
  if (nodeDigest !== undefined) {
    const size = length === 0 ? DIGEST_SIZES[algo]! : length;
    if (rounds > 0x7fffffff) throw new UnsupportedHash();
    return new Promise((resolve, reject) => {
      pbkdf2Callback(password, salt, rounds, size, nodeDigest, (error, key) => (error ? reject(new HashError()) : resolve(key)));
    });
  }
  if (algo === 'whirlpool' || algo === 'md4') {
    const digest = WASM_DIGESTS[algo];
    const key = await wasmPbkdf2({
      password, salt, iterations: rounds, hashLength: length === 0 ? digest.size : length,
      hashFunction: digest.create(), outputType: 'binary',
    });
    return Buffer.from(key);
  }
  if (OTHER_PHP_DIGESTS.has(algo)) throw new UnsupportedHash();
  // Unknown to PHP, or not a cryptographic digest (crc32, fnv...): hash_pbkdf2 throws.
  throw new HashError('Error when hashing password.');
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((char, index) => [char.charCodeAt(0), index]));

/** PHP's base64_decode (not strict): characters outside the alphabet, `=` included, are skipped. */
export function phpBase64Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let bitCount = 0;
  for (let i = 0; i < text.length; i++) {
    const value = BASE64_VALUES.get(text.charCodeAt(i));
    if (value === undefined) continue;
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes.push((bits >> bitCount) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

// ---------------------------------------------------------------------------------------------
// :bcrypt:<cost>$<salt, 22 characters>$<hash, 31 characters> — PHP's crypt() with `$2y$`, which
// reads the password up to a NUL byte and at most 72 bytes of it, and writes the salt's last
// character with its 4 unused bits cleared.

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BCRYPT_VALUES = new Map([...BCRYPT_ALPHABET].map((char, index) => [char, index]));

const BCRYPT: ParameterizedScheme = {
  delimiter: '$',
  paramCount: 1,
  normalize: (params) => params.map((value) => String(phpInt(value))),
  async crypt(state, password) {
    if (state.args.length === 0) state.args.push(randomBcryptSalt());
    const cost = phpInt(state.params[0]!);
    const { salt, hash } = await phpBcrypt(password, cost, state.args[0]!);
    const args = [...state.args];
    args[0] = salt;
    return { params: [String(cost)], args, hash };
  },
};

function randomBcryptSalt(): string {
  return randomBytes(16).toString('base64').replace(/\+/g, '.').slice(0, 22);
}

/** crypt($password, sprintf('$2y$%02d$%s', $cost, $salt)) as its salt and hash; HashError where crypt() fails. */
async function phpBcrypt(password: Buffer, cost: number, saltText: string): Promise<{ salt: string; hash: string }> {
  if (cost < 4 || cost > 31) throw new HashError('Error when hashing password.');
  const salt = decodeBcryptSalt(saltText);
  if (salt === null) throw new HashError('Error when hashing password.');
  const nul = password.indexOf(0);
  const key = (nul === -1 ? password : password.subarray(0, nul)).subarray(0, 72);
  // bcrypt keys with the password's terminating NUL, repeated: "" keys as "\0" does (hash-wasm
  // refuses an empty password).
  const encoded = await bcryptHash({ password: key.length === 0 ? new Uint8Array(1) : key, salt, costFactor: cost, outputType: 'encoded' });
  const saltAndHash = encoded.slice(encoded.length - 53);
  return { salt: saltAndHash.slice(0, 22), hash: saltAndHash.slice(22) };
}

/** The 16 bytes of a bcrypt salt (its first 22 characters; what follows is ignored). */
function decodeBcryptSalt(text: string): Uint8Array | null {
  if (text.length < 22) return null;
  const values: number[] = [];
  for (const char of text.slice(0, 22)) {
    const value = BCRYPT_VALUES.get(char);
    if (value === undefined) return null;
    values.push(value);
  }
  const bytes = new Uint8Array(16);
  let bits = 0;
  let bitCount = 0;
  let at = 0;
  for (const value of values) {
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8 && at < 16) {
      bitCount -= 8;
      bytes[at++] = (bits >> bitCount) & 0xff;
    }
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// :pbkdf2-legacyA: / :pbkdf2-legacyB: — LayeredParameterizedPassword, delimiter `!`: one
// parameter per layer (its parameters joined by the layer's delimiter; '' for A and B), then one
// argument per layer (its salts), then the last layer's hash. Each layer hashes the previous
// layer's hash text: legacyB is PBKDF2 over the :B: hex digest (salted with its own argument),
// legacyA PBKDF2 over the bare MD5 hex digest.

function layeredScheme(typeConfig: PasswordTypeConfig, config: PasswordConfig, seen: string[]): ParameterizedScheme {
  const layerTypes = typeConfig.types ?? [];
  const layers = layerTypes.map((type) => ({ type, scheme: layerScheme(type, config, seen) }));
  for (const layer of layers) {
    if (layer.scheme.delimiter === '!') throw new UnsupportedHash();
  }
  return {
    delimiter: '!',
    paramCount: layers.length,
    normalize: (params) => params,
    async crypt(state, password) {
      const params = [...state.params];
      const args = [...state.args];
      let previous: Buffer = password;
      let lastHash: string | null = state.hash;
      for (const [index, layer] of layers.entries()) {
        const head = params[index] !== '' ? params[index]! + layer.scheme.delimiter : '';
        const salts = args[index] !== undefined && args[index] !== '' ? args[index]! + layer.scheme.delimiter : '';
        // The layer as PasswordFactory::newFromCiphertext reads `:<type>:<head><salts><stored hash>`.
        const inner = parseParameterized(`${head}${salts}${state.hash ?? ''}`, layer.scheme);
        const computed = await layer.scheme.crypt(inner, previous);
        params[index] = computed.params.join(layer.scheme.delimiter);
        args[index] = computed.args.join(layer.scheme.delimiter);
        lastHash = computed.hash;
        previous = Buffer.from(lastHash ?? '', 'utf8');
      }
      return { params, args, hash: lastHash };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// EncryptedPassword (types a wiki adds, e.g. a peppered bcrypt):
// :<type>:<cipher>:<secret index>:<iv, base64>:<ciphertext, base64> — the ciphertext is another
// stored hash, encrypted with the configured secret; verifying decrypts it and verifies that one.

const ENCRYPTED_LAYOUT: ParameterizedScheme = {
  delimiter: ':',
  paramCount: 2,
  normalize: (params) => params,
  async crypt() {
    // EncryptedPassword re-encrypts as a layer; no configuration of MediaWiki's needs that.
    throw new UnsupportedHash();
  },
};

class EncryptedHash implements StoredHash {
  constructor(
    readonly type: string,
    private readonly typeConfig: PasswordTypeConfig,
    private readonly state: ParameterizedState,
    private readonly config: PasswordConfig,
  ) {}

  async verify(password: Buffer): Promise<boolean> {
    // Here a PasswordError is not caught: what decrypts to no hash makes MediaWiki throw.
    const inner = parseStoredPassword(this.decrypt(), this.config);
    if (inner.ok) return inner.hash.verify(password);
    if (inner.reason === 'nothing') return false;
    if (inner.reason === 'unsupported') throw new UnsupportedHash();
    throw new HashError('Invalid hash given');
  }

  private decrypt(): string {
    const [cipher, secretIndex] = this.state.params as [string, string];
    const secret = this.typeConfig.secrets?.[phpInt(secretIndex)];
    if (secret === undefined || this.state.hash === null) throw new HashError('Error decrypting password');
    const key = typeof secret === 'string' ? Buffer.from(secret, 'base64') : Buffer.from(secret);
    try {
      const decipher = opensslDecipher(cipher, key, phpBase64Decode(this.state.args[0] ?? ''));
      return Buffer.concat([decipher.update(phpBase64Decode(this.state.hash)), decipher.final()]).toString('utf8');
    } catch {
      throw new HashError('Error decrypting password');
    }
  }
}

/** openssl_decrypt's key and IV: NUL-padded or cut to the lengths the cipher takes. */
function opensslDecipher(cipher: string, key: Buffer, iv: Buffer) {
  const info = getCipherInfo(cipher.toLowerCase());
  if (info === undefined) throw new HashError('Unknown cipher algorithm');
  const fit = (bytes: Buffer, length: number) => {
    const out = Buffer.alloc(length);
    bytes.copy(out, 0, 0, Math.min(length, bytes.length));
    return out;
  };
  const ivLength = info.ivLength ?? 0;
  return createDecipheriv(cipher.toLowerCase(), fit(key, info.keyLength), ivLength === 0 ? null : fit(iv, ivLength));
}

// ---------------------------------------------------------------------------------------------
// :argon2:<what PHP's password_hash wrote> — checked by password_verify, which reads argon2i and
// argon2id hashes and hands anything else to crypt().

class Argon2Hash implements StoredHash {
  constructor(
    readonly type: string,
    private readonly encoded: string,
  ) {}

  async verify(password: Buffer): Promise<boolean> {
    const encoded = this.encoded;
    if (encoded.startsWith('$argon2i$') || encoded.startsWith('$argon2id$')) {
      // hash-wasm reads version 19 only and refuses empty passwords (which MediaWiki's login
      // refuses before any hash is read: AuthenticationRequest::loadFromSubmission).
      if (!/^\$argon2id?\$v=19\$/.test(encoded) || password.length === 0) throw new UnsupportedHash();
      try {
        return await argon2Verify({ password, hash: encoded });
      } catch {
        return false;
      }
    }
    const bcrypt = /^\$2([aby])\$([0-9]{2})\$(.{53})$/s.exec(encoded);
    if (bcrypt !== null) {
      // crypt_blowfish's $2a$ differs from $2y$ for some passwords with 8-bit characters.
      if (bcrypt[1] === 'a' && password.some((byte) => byte >= 0x80)) throw new UnsupportedHash();
      let computed: { salt: string; hash: string };
      try {
        computed = await phpBcrypt(password, Number(bcrypt[2]), bcrypt[3]!);
      } catch (error) {
        if (error instanceof HashError) return false;
        throw error;
      }
      const expected = Buffer.from(encoded, 'utf8');
      const actual = Buffer.from(`${encoded.slice(0, 7)}${computed.salt}${computed.hash}`, 'utf8');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    }
    if (/^(?:\$(?:1|5|6|2x|md5|sha1)\$|_|[./0-9A-Za-z]{2}[./0-9A-Za-z]{11}$)/.test(encoded)) throw new UnsupportedHash();
    return false;
  }
}
