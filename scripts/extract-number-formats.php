<?php
// Writes src/wiki/data/number-formats.json: how MediaWiki 1.39's Language::formatNum lays out a
// number in each language, as the ICU NumberFormatter it builds gives it.
//
//   php scripts/extract-number-formats.php [MEDIAWIKI_DIR] > src/wiki/data/number-formats.json
//
// MEDIAWIKI_DIR defaults to /usr/share/mediawiki (Debian's package); PHP's intl extension gives
// ICU. For every language Names.php names or that has messages, the formatter Language builds for
// it (getNumberFormatter: the $digitGroupingPattern its localisation inherits, over ICU's locale
// of the code) is asked for its grouping sizes, symbols, digits and signs. Only what differs from
// ICU's root locale with the English pattern is written. `withoutSeparators` lists the Language
// classes whose formatNum writes no separators at all (they override it).

$ip = $argv[1] ?? '/usr/share/mediawiki';
require_once "$ip/includes/languages/data/Names.php";
// The language files name namespaces by the constants of includes/Defines.php.
foreach ( [ 'NS_MEDIA' => -2, 'NS_SPECIAL' => -1, 'NS_MAIN' => 0, 'NS_TALK' => 1, 'NS_USER' => 2, 'NS_USER_TALK' => 3,
	'NS_PROJECT' => 4, 'NS_PROJECT_TALK' => 5, 'NS_FILE' => 6, 'NS_FILE_TALK' => 7, 'NS_MEDIAWIKI' => 8,
	'NS_MEDIAWIKI_TALK' => 9, 'NS_TEMPLATE' => 10, 'NS_TEMPLATE_TALK' => 11, 'NS_HELP' => 12, 'NS_HELP_TALK' => 13,
	'NS_CATEGORY' => 14, 'NS_CATEGORY_TALK' => 15, 'NS_IMAGE' => 6, 'NS_IMAGE_TALK' => 7 ] as $name => $value ) {
	define( $name, $value );
}

$fileSettings = static function ( string $code ) use ( $ip ): array {
	$file = "$ip/languages/messages/Messages" . ucfirst( str_replace( '-', '_', $code ) ) . '.php';
	if ( !is_file( $file ) ) {
		return [];
	}
	return ( static function () use ( $file ) {
		$fallback = null;
		$digitGroupingPattern = null;
		require $file;
		return [ 'fallback' => $fallback, 'digitGroupingPattern' => $digitGroupingPattern ];
	} )();
};

$codes = array_keys( \MediaWiki\Languages\Data\Names::$names );
foreach ( glob( "$ip/languages/i18n/*.json" ) as $file ) {
	$codes[] = basename( $file, '.json' );
}
$codes = array_values( array_diff( array_unique( $codes ), [ 'qqq' ] ) );
sort( $codes );

$describe = static function ( NumberFormatter $fmt ): array {
	return [
		'grouping' => [
			$fmt->getAttribute( NumberFormatter::GROUPING_USED ) ? $fmt->getAttribute( NumberFormatter::GROUPING_SIZE ) : 0,
			$fmt->getAttribute( NumberFormatter::SECONDARY_GROUPING_SIZE ),
		],
		'decimal' => $fmt->getSymbol( NumberFormatter::DECIMAL_SEPARATOR_SYMBOL ),
		'group' => $fmt->getSymbol( NumberFormatter::GROUPING_SEPARATOR_SYMBOL ),
		'zero' => $fmt->getSymbol( NumberFormatter::ZERO_DIGIT_SYMBOL ),
		'negativePrefix' => $fmt->getTextAttribute( NumberFormatter::NEGATIVE_PREFIX ),
		'negativeSuffix' => $fmt->getTextAttribute( NumberFormatter::NEGATIVE_SUFFIX ),
		'positivePrefix' => $fmt->getTextAttribute( NumberFormatter::POSITIVE_PREFIX ),
		'positiveSuffix' => $fmt->getTextAttribute( NumberFormatter::POSITIVE_SUFFIX ),
		'fractionDigits' => [
			$fmt->getAttribute( NumberFormatter::MIN_FRACTION_DIGITS ),
			$fmt->getAttribute( NumberFormatter::MAX_FRACTION_DIGITS ),
		],
		'integerDigits' => $fmt->getAttribute( NumberFormatter::MIN_INTEGER_DIGITS ),
	];
};

$englishPattern = $fileSettings( 'en' )['digitGroupingPattern'];
$root = $describe( new NumberFormatter( 'root', NumberFormatter::PATTERN_DECIMAL, $englishPattern ) );
$formats = [];
$withoutSeparators = [];
foreach ( $codes as $code ) {
	// The localisation's chain: the code, its $fallback list, English.
	$chain = [ $code ];
	$own = $fileSettings( $code )['fallback'] ?? null;
	foreach ( $own ? array_map( 'trim', explode( ',', $own ) ) : [] as $fallback ) {
		$chain[] = $fallback;
	}
	$chain[] = 'en';
	$pattern = null;
	foreach ( $chain as $link ) {
		$pattern = $fileSettings( $link )['digitGroupingPattern'] ?? null;
		if ( $pattern ) {
			break;
		}
	}
	$fmt = $pattern
		? new NumberFormatter( $code, NumberFormatter::PATTERN_DECIMAL, $pattern )
		: new NumberFormatter( $code, NumberFormatter::DECIMAL );
	$facts = array_filter(
		$describe( $fmt ),
		static function ( $value, $key ) use ( $root ) {
			return $value !== $root[$key];
		},
		ARRAY_FILTER_USE_BOTH
	);
	if ( $facts ) {
		$formats[$code] = $facts;
	}
	// LanguageFactory gives a code without a class of its own the class of its first fallback that has one.
	foreach ( array_slice( $chain, 0, -1 ) as $link ) {
		$class = "$ip/includes/languages/Language" . ucfirst( str_replace( '-', '_', $link ) ) . '.php';
		if ( is_file( $class ) ) {
			if ( preg_match( '/function formatNum\b[^{]*\{[^}]*formatNumNoSeparators/s', (string)file_get_contents( $class ) ) ) {
				$withoutSeparators[] = $code;
			}
			break;
		}
	}
}

echo json_encode( [
	'_' => 'MediaWiki 1.39 with ICU ' . INTL_ICU_VERSION . ': the NumberFormatter Language::formatNum uses per language (root: ICU\'s root locale with English\'s $digitGroupingPattern; languages: what differs from it), and the languages whose Language class writes numbers without separators. Written by scripts/extract-number-formats.php.',
	'root' => $root,
	'languages' => $formats,
	'withoutSeparators' => $withoutSeparators,
], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT ), "\n";
