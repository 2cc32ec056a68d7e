<?php
# LocalSettings.php for the "Fixture Wiki" installed by MediaWiki 1.39's installer on MariaDB or
# PostgreSQL (scripts/installer-wikis/build.sh copies it into its work folder). It is
# ../shared/reference/LocalSettings.fixture.php with the database settings the installer writes
# for a database server instead of SQLite's; the fixture's own settings are marked "FIXTURE".
# Paths are relative to this file's folder.
if ( !defined( 'MEDIAWIKI' ) ) {
	exit;
}
require_once "$IP/includes/PlatformSettings.php";

$wgSitename = "Fixture Wiki";
$wgMetaNamespace = "Fixture_Wiki";

$wgScriptPath = "/wiki";
# Canonical server of the fixture. start.sh keeps this value whatever port it listens on
# (so outputs are comparable), unless MW_FIXTURE_SERVER is set in the environment.
$wgServer = getenv( 'MW_FIXTURE_SERVER' ) ?: "http://127.0.0.1:8081";
$wgResourceBasePath = $wgScriptPath;
# FIXTURE: pin these so they do not depend on the PHP SAPI (cli-server vs apache2handler)
$wgUsePathInfo = true;
$wgArticlePath = "$wgScriptPath/index.php/$1";

$wgLogos = [
	'1x' => "$wgResourceBasePath/resources/assets/change-your-logo.svg",
	'icon' => "$wgResourceBasePath/resources/assets/change-your-logo-icon.svg",
];

$wgEnableEmail = true;
$wgEnableUserEmail = true;
$wgEmergencyContact = "";
$wgPasswordSender = "";
$wgEnotifUserTalk = false;
$wgEnotifWatchlist = false;
$wgEmailAuthentication = true;

## Database settings: as maintenance/install.php writes them for --dbtype mysql or postgres.
## build.sh gives the private server's address in the environment, whose port changes every run.
$wgDBtype = getenv( 'MW_INSTALLER_DBTYPE' );
$wgDBname = "wikidb";
$wgDBuser = getenv( 'MW_INSTALLER_DBUSER' );
$wgDBpassword = "";
$wgDBssl = false;
if ( $wgDBtype === 'mysql' ) {
	$wgDBserver = "127.0.0.1:" . getenv( 'MW_INSTALLER_DBPORT' );
	$wgDBprefix = "mw_";
	$wgDBTableOptions = "ENGINE=InnoDB, DEFAULT CHARSET=binary";
} else {
	$wgDBserver = "127.0.0.1";
	$wgDBport = getenv( 'MW_INSTALLER_DBPORT' );
	$wgDBmwschema = "mediawiki";
}
# The installer's defaults on a database server: the object cache, the job queue and the
# localisation cache are tables of the wiki's own database (build.sh empties the caches
# before dumping it).
$wgSharedTables[] = "actor";

## Shared memory settings (as the installer writes when APCu is present)
$wgMainCacheType = CACHE_ACCEL;
$wgMemCachedServers = [];

## Uploads (FIXTURE: enabled)
$wgEnableUploads = true;
$wgUploadDirectory = __DIR__ . "/images";
$wgUploadPath = "$wgScriptPath/images";
$wgDeletedDirectory = "$wgUploadDirectory/deleted";
$wgFileExtensions = [ 'png', 'gif', 'jpg', 'jpeg', 'webp', 'svg' ];
$wgUseImageMagick = true;
$wgImageMagickConvertCommand = "/usr/bin/convert";
$wgSVGConverter = 'ImageMagick';
$wgUseInstantCommons = false;

$wgPingback = false;
$wgLanguageCode = "en";
$wgLocaltimezone = "UTC";

# FIXTURE: fixed (fixture-only, not secret) keys so rebuilds are comparable
$wgSecretKey = "f1x7ure0000000000000000000000000000000000000000000000000000000001";
$wgAuthenticationTokenVersion = "1";
$wgUpgradeKey = "f1x7ure000000001";

$wgRightsPage = "";
$wgRightsUrl = "";
$wgRightsText = "";
$wgRightsIcon = "";
$wgDiff3 = "/usr/bin/diff3";

$wgDefaultSkin = "vector";
wfLoadSkin( 'Vector' );

# FIXTURE: bundled extensions that are enabled
wfLoadExtension( 'Gadgets' );
wfLoadExtension( 'Cite' );
wfLoadExtension( 'ParserFunctions' );

# FIXTURE: API (these two are no-ops since MW 1.32/1.35; kept for the record)
$wgEnableAPI = true;
$wgEnableWriteAPI = true;

# FIXTURE: debugging
$wgShowExceptionDetails = true;

# FIXTURE: custom user groups
$wgGroupPermissions['Moderators']['block'] = true;
$wgGroupPermissions['Moderators']['delete'] = true;
$wgGroupPermissions['Moderators']['undelete'] = true;
$wgGroupPermissions['Moderators']['deletedhistory'] = true;
$wgGroupPermissions['Moderators']['rollback'] = true;
$wgGroupPermissions['Moderators']['patrol'] = true;
$wgGroupPermissions['Translators']['editinterface'] = true;
$wgGroupPermissions['Translators']['autopatrol'] = true;
$wgGroupPermissions['Translators']['move'] = true;
$wgGroupPermissions['Reviewers']['patrol'] = true;
$wgGroupPermissions['Reviewers']['autopatrol'] = true;
$wgGroupPermissions['Reviewers']['rollback'] = true;
$wgGroupPermissions['Reviewers']['unwatchedpages'] = true;
$wgAddGroups['Moderators'] = [ 'Reviewers' ];
$wgRemoveGroups['Moderators'] = [ 'Reviewers' ];
$wgAddGroups['sysop'] = [ 'Translators', 'Reviewers' ];
$wgRemoveGroups['sysop'] = [ 'Translators', 'Reviewers' ];

# FIXTURE: a few non-default features so that more API output is exercised
$wgWatchlistExpiry = true;              # watchlist expiries (wlprop/wrprop expiry)
$wgWatchlistExpiryMaxDuration = '100 years'; # default '6 months' would expire the fixture's watches
$wgRCWatchCategoryMembership = true;    # "categorize" entries in recentchanges
