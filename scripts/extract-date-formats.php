<?php
// Reads the date formats of every language out of MediaWiki 1.39's languages/messages/Messages*.php
// ($dateFormats' "… both", "… date" and "… time" entries, $defaultDateFormat) into src/wiki/data/date-formats.json.
// usage: php scripts/extract-date-formats.php [/usr/share/mediawiki] > src/wiki/data/date-formats.json
$root = $argv[1] ?? '/usr/share/mediawiki';
// The namespace constants the files name.
foreach ( [ 'MEDIA' => -2, 'SPECIAL' => -1, 'MAIN' => 0, 'TALK' => 1, 'USER' => 2, 'USER_TALK' => 3, 'PROJECT' => 4,
	'PROJECT_TALK' => 5, 'FILE' => 6, 'FILE_TALK' => 7, 'IMAGE' => 6, 'IMAGE_TALK' => 7, 'MEDIAWIKI' => 8,
	'MEDIAWIKI_TALK' => 9, 'TEMPLATE' => 10, 'TEMPLATE_TALK' => 11, 'HELP' => 12, 'HELP_TALK' => 13,
	'CATEGORY' => 14, 'CATEGORY_TALK' => 15 ] as $name => $id ) {
	define( "NS_$name", $id );
}
$out = [];
foreach ( glob( "$root/languages/messages/Messages*.php" ) as $file ) {
	$code = strtolower( str_replace( '_', '-', substr( basename( $file, '.php' ), 8 ) ) );
	$dateFormats = null;
	$defaultDateFormat = null;
	$fallback = null;
	require $file;
	$entry = [];
	if ( $defaultDateFormat !== null ) {
		$entry['default'] = $defaultDateFormat;
	}
	foreach ( $dateFormats ?? [] as $key => $format ) {
		foreach ( [ 'both', 'date', 'time' ] as $type ) {
			if ( str_ends_with( $key, " $type" ) ) {
				$entry[$type][substr( $key, 0, -strlen( $type ) - 1 )] = $format;
			}
		}
	}
	if ( $entry ) {
		$out[$code] = $entry;
	}
	unset( $dateFormats, $defaultDateFormat );
}
ksort( $out );
echo json_encode( $out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), "\n";
