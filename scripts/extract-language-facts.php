<?php
// Writes src/wiki/localisation-facts.json: MediaWiki 1.39's magic words, namespace aliases, special page aliases, language fallbacks, number formats, writing directions, link trails, language names and BCP 47 codes, language by language.
//
//   php scripts/extract-language-facts.php [MEDIAWIKI_DIR] > src/wiki/localisation-facts.json
//
// MEDIAWIKI_DIR defaults to /usr/share/mediawiki (Debian's package). Read are core's
// languages/messages/Messages*.php ($fallback, $magicWords, $namespaceAliases,
// $namespaceGenderAliases, $specialPageAliases, $rtl, $separatorTransformTable,
// $minimumGroupingDigits, $linkTrail, $linkPrefixExtension, $linkPrefixCharset,
// $fallback8bitEncoding), the autonyms of includes/languages/data/Names.php with their
// LanguageCode::bcp47 codes, which languages have a Messages*.php or languages/i18n/*.json file,
// the variantname-* messages of languages/i18n and the $wgExtensionMessagesFiles of every
// installed extension ($magicWords, $namespaceAliases and $specialPageAliases by language). Only
// languages that define any of them are written; magic words keep MediaWiki's form:
// [case-sensitive (0/1), synonym, ...]. Interface messages are scripts/extract-messages.mjs's.

$ip = $argv[1] ?? '/usr/share/mediawiki';

// The namespace constants of includes/Defines.php, which the language files use.
$namespaceConstants = [
	'NS_MEDIA' => -2, 'NS_SPECIAL' => -1, 'NS_MAIN' => 0, 'NS_TALK' => 1, 'NS_USER' => 2, 'NS_USER_TALK' => 3,
	'NS_PROJECT' => 4, 'NS_PROJECT_TALK' => 5, 'NS_FILE' => 6, 'NS_FILE_TALK' => 7, 'NS_MEDIAWIKI' => 8,
	'NS_MEDIAWIKI_TALK' => 9, 'NS_TEMPLATE' => 10, 'NS_TEMPLATE_TALK' => 11, 'NS_HELP' => 12, 'NS_HELP_TALK' => 13,
	'NS_CATEGORY' => 14, 'NS_CATEGORY_TALK' => 15, 'NS_IMAGE' => 6, 'NS_IMAGE_TALK' => 7,
];
foreach ( $namespaceConstants as $name => $value ) {
	define( $name, $value );
}

/** The variables a language file sets, without leaking into this scope. */
function readLanguageFile( string $file ): array {
	$fallback = null;
	$magicWords = null;
	$namespaceAliases = null;
	$namespaceGenderAliases = null;
	$specialPageAliases = null;
	$rtl = null;
	$separatorTransformTable = null;
	$minimumGroupingDigits = null;
	$linkTrail = null;
	$linkPrefixExtension = null;
	$linkPrefixCharset = null;
	$fallback8bitEncoding = null;
	require $file;
	return [ $fallback, $magicWords, $namespaceAliases, $namespaceGenderAliases, $specialPageAliases,
		$rtl, $separatorTransformTable, $minimumGroupingDigits,
		$linkTrail, $linkPrefixExtension, $linkPrefixCharset, $fallback8bitEncoding ];
}

/** Magic words as [case-sensitive 0/1, synonyms...]: the files write the flag as 0, 1, '0' or '1'. */
function normalizeMagicWords( array $words ): array {
	$out = [];
	foreach ( $words as $id => $entry ) {
		$out[(string)$id] = array_merge( [ (int)$entry[0] ], array_map( 'strval', array_slice( $entry, 1 ) ) );
	}
	return $out;
}

/** Special page aliases as the file writes them (spaces stay: the localisation cache turns them into underscores after merging). */
function normalizeSpecialPageAliases( array $aliases ): array {
	$out = [];
	foreach ( $aliases as $page => $names ) {
		$out[(string)$page] = array_values( array_map( 'strval', (array)$names ) );
	}
	return $out;
}

/**
 * Aliases to a namespace number. MessagesKy.php names its namespaces as strings ('NS_TALK'),
 * which Language::getNamespaceAliases drops (no namespace has such an index).
 */
function numericAliases( array $aliases ): array {
	return array_filter( $aliases, 'is_int' );
}

function codeOfMessagesFile( string $file ): string {
	$name = substr( basename( $file, '.php' ), strlen( 'Messages' ) );
	return strtolower( str_replace( '_', '-', $name ) );
}

$languages = [];
$supportedLanguages = [];
$withoutGenderAliases = [];
$files = glob( "$ip/languages/messages/Messages*.php" );
sort( $files );
foreach ( $files as $file ) {
	[ $fallback, $magicWords, $namespaceAliases, $namespaceGenderAliases, $specialPageAliases,
		$rtl, $separatorTransformTable, $minimumGroupingDigits,
		$linkTrail, $linkPrefixExtension, $linkPrefixCharset, $fallback8bitEncoding ] = readLanguageFile( $file );
	$supportedLanguages[] = codeOfMessagesFile( $file );
	$facts = [];
	if ( is_string( $fallback ) && trim( $fallback ) !== '' ) {
		$facts['fallback'] = array_values( array_filter( array_map( 'trim', explode( ',', $fallback ) ) ) );
	}
	if ( $magicWords ) {
		$facts['magicWords'] = normalizeMagicWords( $magicWords );
	}
	if ( $namespaceAliases && numericAliases( $namespaceAliases ) ) {
		$facts['namespaceAliases'] = numericAliases( $namespaceAliases );
	}
	if ( $namespaceGenderAliases ) {
		$facts['namespaceGenderAliases'] = $namespaceGenderAliases;
	} elseif ( $namespaceGenderAliases === [] ) {
		// Set but empty still stops the fallbacks' gender aliases (the item is not merged).
		$withoutGenderAliases[] = codeOfMessagesFile( $file );
	}
	if ( $specialPageAliases ) {
		$facts['specialPageAliases'] = normalizeSpecialPageAliases( $specialPageAliases );
	}
	// Null is unset for these: the localisation cache takes them from the fallbacks then.
	if ( $rtl !== null ) {
		$facts['rtl'] = (bool)$rtl;
	}
	if ( $separatorTransformTable !== null ) {
		$facts['separatorTransformTable'] = (object)array_map( 'strval', $separatorTransformTable );
	}
	if ( $minimumGroupingDigits !== null ) {
		$facts['minimumGroupingDigits'] = (int)$minimumGroupingDigits;
	}
	if ( $linkTrail !== null ) {
		$facts['linkTrail'] = (string)$linkTrail;
	}
	if ( $linkPrefixExtension !== null ) {
		$facts['linkPrefixExtension'] = (bool)$linkPrefixExtension;
	}
	if ( $linkPrefixCharset !== null ) {
		$facts['linkPrefixCharset'] = (string)$linkPrefixCharset;
	}
	if ( $fallback8bitEncoding !== null ) {
		$facts['fallback8bitEncoding'] = (string)$fallback8bitEncoding;
	}
	if ( $facts ) {
		$languages[codeOfMessagesFile( $file )] = $facts;
	}
}

/** An extension's PHP localisation file: [$magicWords, $namespaceAliases, $specialPageAliases], each by language. */
function readExtensionFile( string $file ): array {
	$magicWords = [];
	$namespaceAliases = [];
	$specialPageAliases = [];
	require $file;
	return [ $magicWords, $namespaceAliases, $specialPageAliases ];
}

// The names of language variants (siteinfo's general.variants): core's variantname-* messages.
$variantNames = [];
$i18nFiles = glob( "$ip/languages/i18n/*.json" );
sort( $i18nFiles );
foreach ( $i18nFiles as $file ) {
	$names = [];
	foreach ( json_decode( file_get_contents( $file ), true ) as $key => $text ) {
		if ( strpos( $key, 'variantname-' ) === 0 ) {
			$names[substr( $key, strlen( 'variantname-' ) )] = $text;
		}
	}
	if ( $names ) {
		$variantNames[basename( $file, '.json' )] = $names;
	}
}

$extensions = [];
$manifests = glob( "$ip/extensions/*/extension.json" );
sort( $manifests );
foreach ( $manifests as $manifest ) {
	$info = json_decode( file_get_contents( $manifest ), true );
	$facts = [];
	foreach ( $info['ExtensionMessagesFiles'] ?? [] as $relative ) {
		[ $magicWords, $namespaceAliases, $specialPageAliases ] = readExtensionFile( dirname( $manifest ) . "/$relative" );
		foreach ( $magicWords as $code => $words ) {
			if ( $words ) {
				$facts['magicWords'][$code] = normalizeMagicWords( $words );
			}
		}
		foreach ( $namespaceAliases as $code => $aliases ) {
			if ( numericAliases( $aliases ) ) {
				$facts['namespaceAliases'][$code] = numericAliases( $aliases );
			}
		}
		foreach ( $specialPageAliases as $code => $aliases ) {
			if ( $aliases ) {
				// An extension's later file adds to its earlier ones, as the localisation cache merges them.
				$facts['specialPageAliases'][$code] = array_merge_recursive(
					$facts['specialPageAliases'][$code] ?? [], normalizeSpecialPageAliases( $aliases ) );
			}
		}
	}
	if ( $facts ) {
		$extensions[$info['name']] = $facts;
	}
}

// Language autonyms (Language::fetchLanguageName without the CLDR extension), in the file's order,
// and the BCP 47 codes of those whose code is not one.
require_once "$ip/includes/languages/data/Names.php";
require_once "$ip/includes/language/LanguageCode.php";
$languageNames = \MediaWiki\Languages\Data\Names::$names;
$bcp47 = [];
foreach ( $languageNames as $code => $_ ) {
	if ( LanguageCode::bcp47( $code ) !== $code ) {
		$bcp47[$code] = LanguageCode::bcp47( $code );
	}
}

// $wgDummyLanguageCodes as Setup.php builds it with the default $wgExtraLanguageCodes: the codes
// LanguageFactory::getLanguage makes a language of under another code.
$configDefaults = ( require "$ip/includes/config-schema.php" )['config-schema-inverse']['default'];
$dummyLanguageCodes = [ 'qqq' => 'qqq', 'qqx' => 'qqx' ]
	+ $configDefaults['ExtraLanguageCodes']
	+ LanguageCode::getDeprecatedCodeMapping();
foreach ( LanguageCode::getNonstandardLanguageCodeMapping() as $code => $standard ) {
	$standard = strtolower( $standard );
	if ( !isset( $dummyLanguageCodes[$standard] ) ) {
		$dummyLanguageCodes[$standard] = $dummyLanguageCodes[$code] ?? $code;
	}
}

// LanguageNameUtils::isSupportedLanguage: a Messages*.php file or core's JSON messages (qqq, the
// translators' documentation, is none).
foreach ( glob( "$ip/languages/i18n/*.json" ) as $file ) {
	$supportedLanguages[] = basename( $file, '.json' );
}
$supportedLanguages = array_values( array_diff( array_unique( $supportedLanguages ), [ 'qqq' ] ) );
sort( $supportedLanguages );

$version = 'MediaWiki';
if ( preg_match( "/define\\( 'MW_VERSION', '([^']+)' \\)/", (string)@file_get_contents( "$ip/includes/Defines.php" ), $m ) ) {
	$version .= " $m[1]";
}

echo json_encode( [
	'_' => "$version: per language the \$fallback, \$magicWords ([case-sensitive, synonyms...]), \$namespaceAliases, \$namespaceGenderAliases and \$specialPageAliases, \$rtl, \$separatorTransformTable, \$minimumGroupingDigits, \$linkTrail, \$linkPrefixExtension, \$linkPrefixCharset and \$fallback8bitEncoding (when set) of languages/messages/Messages*.php, and per extension the magic words, namespace aliases and special page aliases of its \$wgExtensionMessagesFiles, by language; supportedLanguages: the languages that have a Messages*.php or a languages/i18n/*.json file; withoutGenderAliases: languages whose file sets an empty \$namespaceGenderAliases; languageNames: the autonyms of includes/languages/data/Names.php; bcp47: LanguageCode::bcp47 of those it changes; dummyLanguageCodes: \$wgDummyLanguageCodes with the default \$wgExtraLanguageCodes (LanguageFactory::getLanguage maps each to its value); variantNames: the variantname-* messages of languages/i18n, by language. Written by scripts/extract-language-facts.php.",
	'languages' => $languages,
	'supportedLanguages' => $supportedLanguages,
	'withoutGenderAliases' => $withoutGenderAliases,
	'languageNames' => $languageNames,
	'bcp47' => $bcp47,
	'dummyLanguageCodes' => $dummyLanguageCodes,
	'variantNames' => $variantNames,
	'extensions' => $extensions,
], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), "\n";
