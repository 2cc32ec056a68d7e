<?php
// wikiquery is a read-only wiki whose callers may still log in: the MediaWiki whose answers the
// conformance suites record is made one too, by $wgReadOnly (wikiquery's default reason, from
// src/wiki/config-file.ts) for every request but the login actions, which MediaWiki counts as
// writes. Required at the end of the recording reference's LocalSettings.php.
if ( !in_array( $_REQUEST['action'] ?? '', [ 'login', 'clientlogin', 'logout' ], true ) ) {
	$wgReadOnly = 'This wiki is served read-only by wikiquery.';
}
