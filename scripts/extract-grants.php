<?php
// Writes src/wiki/data/grants.json: MediaWiki 1.39's grants ($wgGrantPermissions: grant -> rights,
// $wgGrantPermissionGroups: grant -> group) of core and of every bundled extension that adds any.
// With --test-facts, writes test/wiki/data/grant-facts.json instead: what GrantsInfo and
// MWRestrictions answer for the cases of test/wiki/grants.test.ts.
//
//   php scripts/extract-grants.php [MEDIAWIKI_DIR] > src/wiki/data/grants.json
//   php scripts/extract-grants.php --test-facts [MEDIAWIKI_DIR] > test/wiki/data/grant-facts.json
//
// MEDIAWIKI_DIR defaults to /usr/share/mediawiki (Debian's package). MediaWiki is not booted: core's
// values are MainConfigSchema's defaults, an extension's are what ExtensionProcessor extracts from
// its extension.json. Rights a grant sets to false are left out, as GrantsInfo leaves them out.
// 1.39 has no $wgGrantRiskGroups (it came with 1.42).

$args = array_slice( $argv, 1 );
$testFacts = in_array( '--test-facts', $args, true );
$args = array_values( array_diff( $args, [ '--test-facts' ] ) );
$ip = $args[0] ?? '/usr/share/mediawiki';

define( 'MEDIAWIKI', true );
require "$ip/includes/AutoLoader.php";
require "$ip/vendor/autoload.php";
require_once "$ip/includes/Defines.php";
require_once "$ip/includes/GlobalFunctions.php";

use MediaWiki\Config\ServiceOptions;
use MediaWiki\MainConfigNames;
use MediaWiki\MainConfigSchema;
use MediaWiki\Permissions\GrantsInfo;

/** The grant settings extension.json files of $extensions add, extracted together as the registry does. */
function extensionGrants( string $ip, array $extensions ): array {
	$processor = new ExtensionProcessor();
	foreach ( $extensions as $name ) {
		$path = "$ip/extensions/$name/extension.json";
		$info = json_decode( file_get_contents( $path ), true );
		$processor->extractInfo( $path, $info, $info['manifest_version'] ?? 1 );
	}
	$globals = $processor->getExtractedInfo()['globals'];
	$permissions = $globals['wgGrantPermissions'] ?? [];
	unset( $permissions[ExtensionRegistry::MERGE_STRATEGY] );
	$groups = $globals['wgGrantPermissionGroups'] ?? [];
	unset( $groups[ExtensionRegistry::MERGE_STRATEGY] );
	return [ $permissions, $groups ];
}

/** GrantsInfo over core's settings and those of $extensions, merged as ExtensionRegistry::exportExtractedData merges them. */
function grantsInfo( string $ip, array $extensions ): GrantsInfo {
	$permissions = MainConfigSchema::GrantPermissions['default'];
	$groups = MainConfigSchema::GrantPermissionGroups['default'];
	if ( $extensions ) {
		[ $extensionPermissions, $extensionGroups ] = extensionGrants( $ip, $extensions );
		$permissions = wfArrayPlus2d( $permissions, $extensionPermissions );
		$groups = array_merge( $extensionGroups, $groups );
	}
	return new GrantsInfo( new ServiceOptions( GrantsInfo::CONSTRUCTOR_OPTIONS, [
		MainConfigNames::GrantPermissions => $permissions,
		MainConfigNames::GrantPermissionGroups => $groups,
	] ) );
}

/** grant -> the rights it sets to true, in order. */
function grantedRights( array $permissions ): array {
	$out = [];
	foreach ( $permissions as $grant => $rights ) {
		$out[(string)$grant] = array_keys( array_filter( $rights ) );
	}
	return $out;
}

$version = 'MediaWiki ' . MW_VERSION;

if ( !$testFacts ) {
	$extensions = [];
	foreach ( glob( "$ip/extensions/*/extension.json" ) as $path ) {
		$name = basename( dirname( $path ) );
		[ $permissions, $groups ] = extensionGrants( $ip, [ $name ] );
		if ( $permissions || $groups ) {
			$extensions[$name] = array_filter( [
				'grantPermissions' => grantedRights( $permissions ),
				'grantPermissionGroups' => $groups,
			] );
		}
	}
	echo json_encode( [
		'_' => "$version: \$wgGrantPermissions (grant -> the rights it grants) and \$wgGrantPermissionGroups (grant -> group; "
			. "'hidden' grants are implied, Special:BotPasswords adds them to every bot password) of core, and what each bundled "
			. 'extension adds to them (its rights join a grant of the same name; core\'s group of a grant wins). '
			. 'Written by scripts/extract-grants.php.',
		'core' => [
			'grantPermissions' => grantedRights( MainConfigSchema::GrantPermissions['default'] ),
			'grantPermissionGroups' => MainConfigSchema::GrantPermissionGroups['default'],
		],
		'extensions' => $extensions,
	], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR ), "\n";
	exit( 0 );
}

// --test-facts
$grantLists = [
	'FixtureBot@importer' => [ 'basic', 'highvolume', 'editpage', 'createeditmovepage', 'uploadfile' ],
	'none' => [],
	'unknown grant' => [ 'nosuchgrant', 'basic' ],
	'overlapping grants' => [ 'delete', 'editpage', 'protect' ],
	'oath (an extension grant)' => [ 'oath', 'viewrestrictedlogs' ],
];
$sites = [
	'core' => [],
	'AbuseFilter, ConfirmEdit, OATHAuth, TitleBlacklist' => [ 'AbuseFilter', 'ConfirmEdit', 'OATHAuth', 'TitleBlacklist' ],
];
$grants = [];
foreach ( $sites as $site => $extensions ) {
	$info = grantsInfo( $ip, $extensions );
	$rights = [];
	foreach ( $grantLists as $name => $list ) {
		$rights[$name] = [ 'grants' => $list, 'rights' => array_values( $info->getGrantRights( $list ) ) ];
	}
	$grants[] = [
		'site' => $site,
		'extensions' => $extensions,
		'validGrants' => $info->getValidGrants(),
		'rightsByGrant' => $info->getRightsByGrant(),
		'grantGroups' => $info->getGrantGroups(),
		'grantGroupsOfFixtureBot' => $info->getGrantGroups( $grantLists['FixtureBot@importer'] ),
		'hiddenGrants' => $info->getHiddenGrants(),
		'grantRights' => array_values( $rights ),
	];
}

// bp_restrictions values and client addresses, with MWRestrictions' answers.
$restrictionValues = [
	'{"IPAddresses":["0.0.0.0/0","::/0"]}',
	'{"IPAddresses":["192.0.2.0/24","198.51.100.7","2001:db8::/32"]}',
	'{"IPAddresses":["10.0.0.0/8","172.16.0.0/12","192.168.0.0/16","127.0.0.1"]}',
	'{"IPAddresses":["192.0.2.130/25","2001:db8:0:0:0:0:0:1/128","::ffff:203.0.113.0/120"]}',
	'{"IPAddresses":["2001:DB8::/33"]}',
	'{"IPAddresses":["0.0.0.0/0"]}',
	'{"IPAddresses":[]}',
	'{"IPAddresses":{"a":"192.0.2.1"}}',
	'{"IPAddresses":["010.000.000.001/8"]}',
	'{"IPAddresses":["192.0.2.1\n"]}',
	'{"IPAddresses":["192.0.2.1 - 192.0.2.9"]}',
	'{"IPAddresses":["192.0.2.1/33"]}',
	'{"IPAddresses":["not an ip"]}',
	'{"IPAddresses":[19216801]}',
	'{"IPAddresses":"192.0.2.1"}',
	'{"IPAddresses":["192.0.2.1"],"Referers":["example.org"]}',
	'{}',
	'[]',
	'null',
	'',
	'not json',
];
$addresses = [
	'192.0.2.1', '192.0.2.200', '192.0.2.129', '192.0.3.1', '198.51.100.7', '198.51.100.8', '10.1.2.3', '172.31.255.255',
	'172.32.0.0', '127.0.0.1', '1.2.3.4', '2001:db8::1', '2001:DB8:0:0:0:0:0:1', '2001:db8:ffff::1', '2001:db9::1',
	'2001:0db8:8000::1', '::ffff:203.0.113.9', '::ffff:192.0.2.1', '203.0.113.9', '::1', 'not an ip', '',
	'192.0.2.01', ' 192.0.2.1', '192.0.2.1 ', '2001:db8::1%eth0', '2001:db8::192.0.2.1', '2001:db8:1:2:3:4:192.0.2.1', '::',
	'2001:db8::', '2001:db8:0:0:0:0:0:1:2', '2001:db8:::1', '2001:db8:0:0:0:0:0::1', '::192.0.2.1', '2001:db8::12345',
];
$restrictions = [];
foreach ( $restrictionValues as $json ) {
	try {
		$parsed = MWRestrictions::newFromJson( $json );
	} catch ( InvalidArgumentException $e ) {
		$restrictions[] = [ 'json' => $json, 'error' => $e->getMessage() ];
		continue;
	}
	$allowed = [];
	foreach ( $addresses as $address ) {
		// IPSet warns about entries it cannot read and skips them.
		$allowed[$address] = @$parsed->checkIP( $address );
	}
	$restrictions[] = [ 'json' => $json, 'toJson' => $parsed->toJson(), 'allowed' => $allowed ];
}

echo json_encode( [
	'_' => "$version: GrantsInfo's answers over core's grants and over core's with some extensions', and MWRestrictions' "
		. '(newFromJson: the exception message, or toJson and checkIP for client addresses). Written by scripts/extract-grants.php --test-facts.',
	'grants' => $grants,
	'restrictions' => $restrictions,
	'defaultRestrictions' => MWRestrictions::newDefault()->toJson(),
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR ), "\n";
