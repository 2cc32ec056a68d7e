<?php
// Writes test/wiki/data/password-vectors.json: stored password hashes made by MediaWiki 1.39's own
// PasswordFactory, for every type of its $wgPasswordConfig, with MediaWiki's verdict on right and
// wrong passwords, for test/wiki/passwords.test.ts.
//
//   php scripts/record-password-vectors.php [MEDIAWIKI_DIR] > test/wiki/data/password-vectors.json
//
// MEDIAWIKI_DIR defaults to /usr/share/mediawiki (Debian's package). MediaWiki is not booted: its
// autoloader gives the password classes, which need no services. Hashes are salted at random, so
// every run writes new ones. Verdicts are read the way MediaWiki reads a stored hash
// (AbstractPasswordPrimaryAuthenticationProvider::getPassword, BotPassword::getPassword):
//   "invalid"  PasswordFactory::newFromCiphertext threw PasswordError or gave an InvalidPassword
//              (the user cannot log in with a password; a bot password "needs reset"),
//   "error"    Password::verify threw (MediaWiki fails the request),
//   true/false what Password::verify answered.
// Low costs keep the tests fast; the vectors marked "defaultCost" use 1.39's own settings.

$ip = $argv[1] ?? '/usr/share/mediawiki';
define( 'MEDIAWIKI', true );
require "$ip/includes/AutoLoader.php";
require "$ip/vendor/autoload.php";
require_once "$ip/includes/Defines.php";

use MediaWiki\MainConfigSchema;

$defaultConfig = MainConfigSchema::PasswordConfig['default'];
$defaultType = MainConfigSchema::PasswordDefault['default'];

const PEPPER = 'fixture pepper, not a secret';
$secrets = [ hash( 'sha256', PEPPER . ' 0', true ), hash( 'sha256', PEPPER . ' 1', true ) ];

// Cheap settings for the types whose costs are settings; only the hashes made with them are
// cheap: verifying reads the costs from the stored hash.
$lowCost = array_replace_recursive( $defaultConfig, [
	'pbkdf2' => [ 'cost' => '1000' ],
	'bcrypt' => [ 'cost' => 4 ],
	'argon2' => [ 'memory_cost' => 1024, 'time_cost' => 1, 'threads' => 1 ],
] );

// Extra types a wiki may configure, as the docs of $wgPasswordConfig and DeleteLocalPasswords show.
$extraTypes = [
	'pbkdf2-encrypted' => [
		'class' => EncryptedPassword::class,
		'underlying' => 'pbkdf2',
		'secrets' => $secrets,
		'cipher' => 'aes-256-cbc',
	],
	'bcrypt-encrypted' => [
		'class' => EncryptedPassword::class,
		'underlying' => 'bcrypt',
		'secrets' => [ $secrets[0] ],
		'cipher' => 'aes-128-cbc',
	],
	'null' => [ 'class' => InvalidPassword::class ],
];

function factoryOf( array $config, string $default ): PasswordFactory {
	return new PasswordFactory( $config, $default );
}

/** MediaWiki's verdict on one password against one stored hash (see the header). */
function verdict( PasswordFactory $factory, ?string $stored, string $password ) {
	try {
		$hash = $factory->newFromCiphertext( $stored );
	} catch ( PasswordError $e ) {
		return 'invalid';
	}
	if ( $hash instanceof InvalidPassword ) {
		return 'invalid';
	}
	try {
		return $hash->verify( $password );
	} catch ( Throwable $e ) {
		return 'error';
	}
}

/** Passwords close to $password that are not it (unless the hash type cannot tell them apart). */
function wrongPasswordsFor( string $password ): array {
	$wrong = [ $password . 'x', ' ' . $password, strtoupper( $password ) ];
	if ( $password !== '' ) {
		$wrong[] = '';
		$wrong[] = mb_substr( $password, 0, -1 );
	}
	$decomposed = Normalizer::normalize( $password, Normalizer::FORM_D );
	if ( $decomposed !== $password ) {
		$wrong[] = $decomposed;
	}
	return array_values( array_unique( array_filter( $wrong, static function ( $w ) use ( $password ) {
		return $w !== $password;
	} ) ) );
}

function checksOf( PasswordFactory $factory, string $stored, string $password, array $others = [] ): array {
	$checks = [];
	foreach ( array_merge( [ $password ], wrongPasswordsFor( $password ), $others ) as $candidate ) {
		$checks[] = [ 'password' => $candidate, 'result' => verdict( $factory, $stored, $candidate ) ];
	}
	return $checks;
}

$passwords = [
	'correct horse battery staple',
	'héllo wörld',
	'пароль-密码-🔑',
	'',
	'pass:word!$with delimiters',
	' spaces around ',
];

$vectors = [];
$add = static function ( string $config, string $type, string $stored, array $checks, array $extra = [] ) use ( &$vectors ) {
	$vectors[] = array_merge( [ 'config' => $config, 'type' => $type, 'stored' => $stored ], $extra, [ 'checks' => $checks ] );
};

// Low-cost hashes of every password, for every type.
foreach ( array_keys( $defaultConfig ) as $type ) {
	$factory = factoryOf( $lowCost, $type );
	foreach ( $passwords as $password ) {
		$stored = $factory->newFromPlaintext( $password )->toString();
		$add( 'default', $type, $stored, checksOf( $factory, $stored, $password ) );
	}
}

// One hash per type with MediaWiki 1.39's own costs (and fewer checks: each costs up to 0.4 s).
foreach ( array_keys( $defaultConfig ) as $type ) {
	$factory = factoryOf( $defaultConfig, $type );
	$password = 'fixture-Pässword 2025';
	$stored = $factory->newFromPlaintext( $password )->toString();
	$checks = [];
	foreach ( [ $password, $password . 'x', 'fixture-Password 2025' ] as $candidate ) {
		$checks[] = [ 'password' => $candidate, 'result' => verdict( $factory, $stored, $candidate ) ];
	}
	$add( 'default', $type, $stored, $checks, [ 'defaultCost' => true ] );
}

// Settings a wiki may choose: other PBKDF2 digests and lengths (0: the digest's own length),
// argon2i rather than argon2id.
$variants = [
	'pbkdf2 sha256/32' => [ 'pbkdf2', [ 'pbkdf2' => [ 'algo' => 'sha256', 'length' => '32' ] ] ],
	'pbkdf2 sha1/20' => [ 'pbkdf2', [ 'pbkdf2' => [ 'algo' => 'sha1', 'length' => '20' ] ] ],
	'pbkdf2 sha3-512/64' => [ 'pbkdf2', [ 'pbkdf2' => [ 'algo' => 'sha3-512', 'length' => '64' ] ] ],
	'pbkdf2 whirlpool/64' => [ 'pbkdf2', [ 'pbkdf2' => [ 'algo' => 'whirlpool', 'length' => '64' ] ] ],
	'pbkdf2 SHA512 upper-case' => [ 'pbkdf2', [ 'pbkdf2' => [ 'algo' => 'SHA512' ] ] ],
	'pbkdf2 length 0' => [ 'pbkdf2', [ 'pbkdf2' => [ 'length' => '0' ] ] ],
	'pbkdf2 length 100' => [ 'pbkdf2', [ 'pbkdf2' => [ 'length' => '100' ] ] ],
	'argon2i' => [ 'argon2', [ 'argon2' => [ 'algo' => 'argon2i' ] ] ],
	'pbkdf2-legacyB sha256' => [ 'pbkdf2-legacyB', [ 'pbkdf2' => [ 'algo' => 'sha256', 'length' => '32' ] ] ],
];
foreach ( $variants as $note => [ $type, $override ] ) {
	$factory = factoryOf( array_replace_recursive( $lowCost, $override ), $type );
	$password = 'variant password ü';
	$stored = $factory->newFromPlaintext( $password )->toString();
	$add( 'default', $type, $stored, checksOf( $factory, $stored, $password ), [ 'note' => $note ] );
}

// Bcrypt reads at most 72 bytes and stops at a NUL byte (PHP's crypt()).
$bcrypt = factoryOf( $lowCost, 'bcrypt' );
$long = str_repeat( 'long password ', 6 );
$stored = $bcrypt->newFromPlaintext( $long )->toString();
$add( 'default', 'bcrypt', $stored, checksOf( $bcrypt, $stored, $long, [ substr( $long, 0, 72 ), substr( $long, 0, 71 ) ] ),
	[ 'note' => 'bcrypt reads the first 72 bytes only' ] );
$stored = $bcrypt->newFromPlaintext( "nul\0byte" )->toString();
$add( 'default', 'bcrypt', $stored, checksOf( $bcrypt, $stored, "nul\0byte", [ 'nul', "nul\0other" ] ),
	[ 'note' => 'bcrypt stops at a NUL byte' ] );
$pbkdf2 = factoryOf( $lowCost, 'pbkdf2' );
$stored = $pbkdf2->newFromPlaintext( "nul\0byte" )->toString();
$add( 'default', 'pbkdf2', $stored, checksOf( $pbkdf2, $stored, "nul\0byte", [ 'nul', "nul\0other" ] ),
	[ 'note' => 'PBKDF2 reads every byte' ] );

// Types a wiki may add: peppered (EncryptedPassword) hashes.
$withExtras = array_merge( $lowCost, $extraTypes );
foreach ( [ 'pbkdf2-encrypted', 'bcrypt-encrypted' ] as $type ) {
	$factory = factoryOf( $withExtras, $type );
	foreach ( [ 'peppered password', 'pépper 🌶' ] as $password ) {
		$stored = $factory->newFromPlaintext( $password )->toString();
		$add( 'extra-types', $type, $stored, checksOf( $factory, $stored, $password ) );
	}
}

// Hashes MediaWiki never writes but reads: crafted from real ones, with MediaWiki's verdict.
$plain = factoryOf( $lowCost, 'pbkdf2' );
$password = 'crafted password';
$pbkdf2Hash = $plain->newFromPlaintext( $password )->toString();
[ , , $algo, $rounds, $length, $salt, $hash ] = explode( ':', $pbkdf2Hash );
$salted = factoryOf( $lowCost, 'B' )->newFromPlaintext( $password )->toString();
[ , , $bSalt, $bHash ] = explode( ':', $salted );
$bcryptHash = $bcrypt->newFromPlaintext( $password )->toString();
[ $bcryptRounds, $bcryptSalt, $bcryptDigest ] = explode( '$', substr( $bcryptHash, strlen( ':bcrypt:' ) ) );
$lastSaltChar = substr( $bcryptSalt, -1 );
$otherLastChar = strpos( './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', $lastSaltChar ) % 16 === 0
	? chr( ord( $lastSaltChar ) + 1 ) : $lastSaltChar;
$legacyB = factoryOf( $lowCost, 'pbkdf2-legacyB' )->newFromPlaintext( $password )->toString();
$crafted = [
	'empty' => '',
	'no type' => 'plain text password',
	'bare md5 outside the user table' => md5( $password ),
	'unknown type' => ":sha1:$hash",
	':null: prefix (DeleteLocalPasswords --prefix) on an unregistered type' => ":null:$pbkdf2Hash",
	'lone colon' => ':',
	'empty type' => "::$hash",
	'type without second colon' => ':pbkdf2',
	'three characters' => ':B:',
	'pbkdf2 missing parameters' => ":pbkdf2:$algo:$rounds",
	'pbkdf2 without salt or hash' => ":pbkdf2:$algo:$rounds:$length",
	'pbkdf2 without hash' => ":pbkdf2:$algo:$rounds:$length:$salt",
	'pbkdf2 extra argument' => ":pbkdf2:$algo:$rounds:$length:$salt:extra:$hash",
	'pbkdf2 salt with characters base64_decode skips' => ":pbkdf2:$algo:$rounds:$length:" . substr( $salt, 0, 4 ) . '*-_ ' . substr( $salt, 4 ) . ":$hash",
	'pbkdf2 salt with padding inside' => ":pbkdf2:$algo:$rounds:$length:" . substr( $salt, 0, 4 ) . '==' . substr( $salt, 4 ) . ":$hash",
	'pbkdf2 zero rounds' => ":pbkdf2:$algo:0:$length:$salt:$hash",
	'pbkdf2 rounds with a suffix' => ":pbkdf2:$algo:{$rounds}abc:$length:$salt:$hash",
	'pbkdf2 negative length' => ":pbkdf2:$algo:$rounds:-1:$salt:$hash",
	'pbkdf2 unknown digest' => ":pbkdf2:nosuchalgo:$rounds:$length:$salt:$hash",
	'pbkdf2 non-cryptographic digest' => ":pbkdf2:crc32b:$rounds:$length:$salt:$hash",
	'pbkdf2 result over 255 bytes' => ":pbkdf2:$algo:$rounds:200:$salt:$hash",
	'B without salt' => ":B:$bHash",
	'A with a salt (written by an old bug)' => ":A:$bSalt:$bHash",
	'A with two arguments' => ":A:x:$bSalt:$bHash",
	'B with the type in upper case' => ":b:$bSalt:$bHash",
	'bcrypt rounds written with a zero' => ":bcrypt:0$bcryptRounds\$$bcryptSalt\$$bcryptDigest",
	'bcrypt cost below 4' => ":bcrypt:3\$$bcryptSalt\$$bcryptDigest",
	'bcrypt cost above 31' => ":bcrypt:32\$$bcryptSalt\$$bcryptDigest",
	'bcrypt salt too short' => ':bcrypt:4$' . substr( $bcryptSalt, 0, 21 ) . "\$$bcryptDigest",
	'bcrypt salt too long' => ":bcrypt:4\${$bcryptSalt}x\$$bcryptDigest",
	'bcrypt salt with a character outside its alphabet' => ':bcrypt:4$' . substr( $bcryptSalt, 0, 5 ) . '!' . substr( $bcryptSalt, 6 ) . "\$$bcryptDigest",
	'bcrypt salt with an unused last character' => ':bcrypt:4$' . substr( $bcryptSalt, 0, 21 ) . $otherLastChar . "\$$bcryptDigest",
	'bcrypt inside argon2 (password_verify reads it)' => ':argon2:$2y$04$' . $bcryptSalt . $bcryptDigest,
	'argon2 garbage' => ':argon2:not a hash',
	'layered without layer salts' => ':pbkdf2-legacyB:!' . "$algo:$rounds:$length",
	'layered with zero rounds' => str_replace( "!$algo:$rounds:$length!", "!$algo:0:$length!", $legacyB ),
	'layered missing a parameter' => ':pbkdf2-legacyB:' . "$algo:$rounds:$length",
];
$malformed = [];
$extrasFactory = factoryOf( $withExtras, 'pbkdf2' );
foreach ( $crafted as $note => $stored ) {
	$malformed[] = [
		'note' => $note,
		'stored' => $stored,
		'checks' => [ [ 'password' => $password, 'result' => verdict( $plain, $stored, $password ) ] ],
	];
}
$malformed[] = [
	'note' => ':null: prefix on a wiki that registers the null type',
	'config' => 'extra-types',
	'stored' => ":null:$pbkdf2Hash",
	'checks' => [ [ 'password' => $password, 'result' => verdict( $extrasFactory, ":null:$pbkdf2Hash", $password ) ] ],
];

// LocalPasswordPrimaryAuthenticationProvider reads a user_password of 32 lower-case hex digits
// (MediaWiki before 1.24 without a type) as ":B:<user_id>:<hash>": md5( "<user_id>-" . md5( password ) ).
$userRows = [];
foreach ( [ [ 7, 'old password' ], [ 1234, 'ünïcode old' ] ] as [ $userId, $password ] ) {
	$bare = md5( $userId . '-' . md5( $password ) );
	$asRead = ":B:$userId:$bare";
	$checks = [];
	foreach ( array_merge( [ $password ], wrongPasswordsFor( $password ) ) as $candidate ) {
		$checks[] = [ 'password' => $candidate, 'result' => verdict( $plain, $asRead, $candidate ) ];
	}
	$userRows[] = [ 'userId' => $userId, 'stored' => $bare, 'checks' => $checks ];
	$wrongId = [ [ 'password' => $password, 'result' => verdict( $plain, ':B:' . ( $userId + 1 ) . ":$bare", $password ) ] ];
	$userRows[] = [ 'userId' => $userId + 1, 'stored' => $bare, 'checks' => $wrongId ];
}

/** Config as JSON: classes by name, secrets in base64. */
function configAsJson( array $config ): array {
	foreach ( $config as &$options ) {
		if ( isset( $options['secrets'] ) ) {
			$options['secrets'] = array_map( 'base64_encode', $options['secrets'] );
		}
	}
	return $config;
}

echo json_encode( [
	'_' => 'MediaWiki ' . MW_VERSION . ' on PHP ' . PHP_VERSION . ': stored hashes made by PasswordFactory, with Password::verify\'s verdict '
		. '(true/false; "invalid": read as InvalidPassword; "error": verify threw). "default" is $wgPasswordConfig of 1.39; '
		. '"extra-types" adds EncryptedPassword types and the null type. Written by scripts/record-password-vectors.php.',
	'passwordDefault' => $defaultType,
	'configs' => [
		'default' => configAsJson( $defaultConfig ),
		'extra-types' => configAsJson( $withExtras ),
	],
	'vectors' => $vectors,
	'malformed' => $malformed,
	'userRows' => $userRows,
], JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR ), "\n";
