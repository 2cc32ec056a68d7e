#!/usr/bin/env bash
# Builds the Fixture Wiki with MediaWiki 1.39's own installer on MariaDB or PostgreSQL, fills it
# through MediaWiki's write API as ../shared/reference/build-fixture.sh does for SQLite, and
# writes into test/conformance/installer/KIND/:
#   wiki.sql.gz   the database as MediaWiki left it (mysqldump / pg_dump)
#   recorded/     MediaWiki's answers to the conformance cases (record.ts) over that dump, loaded
#                 into a fresh server as test/conformance/installer.test.ts loads it
#   site.json     wikiquery's site config for that wiki
#
#   build.sh mariadb|postgres              install, populate, dump, record
#   build.sh mariadb|postgres --record-only  restore the committed dump and record again
#   build.sh mariadb|postgres --record-only --only AREA[,AREA]
#                                          record those areas again, keep the others' recordings
#
# Needs MediaWiki 1.39 (../shared/reference/install.sh), php-mysql or php-pgsql, the database
# server packages (mariadb-server / postgresql, with their clients), python3, ImageMagick.
# Env: BUILD_PORT (default 18082) for MediaWiki's build-only and recording server on 127.0.0.1.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
REFERENCE="$REPO/../shared/reference"
# shellcheck source=../../../shared/reference/lib.sh
source "$REFERENCE/lib.sh"

KIND="${1:-}"
MODE="${2:-build}"
RECORD_ARGS=()
if [ "${3:-}" = --only ] && [ -n "${4:-}" ] && [ "$MODE" = --record-only ]; then RECORD_ARGS=(--only "$4")
elif [ $# -gt 2 ]; then echo "usage: build.sh mariadb|postgres [--record-only [--only AREA[,AREA]]]" >&2; exit 2; fi
case "$KIND" in
  mariadb) DBTYPE=mysql; PHP_EXT=mysqli; PREFIX=mw_ ;;
  postgres) DBTYPE=postgres; PHP_EXT=pgsql; PREFIX= ;;
  *) echo "usage: build.sh mariadb|postgres [--record-only [--only AREA[,AREA]]]" >&2; exit 2 ;;
esac
[ "$MODE" = build ] || [ "$MODE" = --record-only ] || { echo "unknown option $MODE" >&2; exit 2; }
PORT="${BUILD_PORT:-18082}"
OUT="$REPO/test/conformance/installer/$KIND"

php -m | grep -x "$PHP_EXT" >/dev/null || { echo "PHP has no $PHP_EXT: apt-get install php-${DBTYPE/postgres/pgsql}" >&2; exit 1; }
for c in php python3 convert curl gzip node; do
  command -v "$c" >/dev/null || { echo "missing $c" >&2; exit 1; }
done
[ -f "$MW_IP/maintenance/install.php" ] || { echo "MediaWiki not found at $MW_IP: run ../shared/reference/install.sh" >&2; exit 1; }

WORK="$(mktemp -d /tmp/installer-wiki-build.XXXXXX)"
DB_PID=""
MW_PID=""
cleanup() {
  if [ -n "$MW_PID" ]; then kill -- "-$MW_PID" 2>/dev/null || true; wait "$MW_PID" 2>/dev/null || true; fi
  if [ -n "$DB_PID" ]; then kill "$DB_PID" 2>/dev/null || true; wait "$DB_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# start_db [--restore]: a private server (with the committed dump loaded); its address in DB_*.
start_db() {
  echo "== private $KIND server $*"
  rm -f "$WORK/db.state"
  (cd "$REPO" && exec node --import tsx scripts/installer-wikis/database-server.ts "$KIND" "$WORK/db.state" "$@") >"$WORK/db.log" 2>&1 &
  DB_PID=$!
  for _ in $(seq 600); do
    [ -s "$WORK/db.state" ] && break
    kill -0 "$DB_PID" 2>/dev/null || { cat "$WORK/db.log" >&2; exit 1; }
    sleep 0.1
  done
  [ -s "$WORK/db.state" ] || { echo "the database server did not start" >&2; cat "$WORK/db.log" >&2; exit 1; }
  # shellcheck disable=SC1091
  source "$WORK/db.state"
  export MW_INSTALLER_DBTYPE="$DBTYPE" MW_INSTALLER_DBPORT="$DB_PORT" MW_INSTALLER_DBUSER="$DB_USER"
}
stop_db() {
  kill "$DB_PID"; wait "$DB_PID" 2>/dev/null || true; DB_PID=""
}

# sql: runs SQL from stdin in the wiki's database (PostgreSQL: in its schema, in UTC).
sql() {
  if [ "$KIND" = mariadb ]; then
    mariadb --batch --skip-column-names -h "$DB_HOST" -P "$DB_PORT" -u "$DB_USER" "$DB_NAME"
  else
    PGOPTIONS="-c search_path=mediawiki -c TimeZone=UTC" psql -X -q -t -A -F ' ' -v ON_ERROR_STOP=1 -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" "$DB_NAME"
  fi
}
# ts UNIX_TIME: a timestamp literal for the database (MySQL: MediaWiki's 14 digits; PostgreSQL: TIMESTAMPTZ).
ts() {
  if [ "$KIND" = mariadb ]; then date -u -d "@$1" "+'%Y%m%d%H%M%S'"; else date -u -d "@$1" "+TIMESTAMPTZ '%Y-%m-%d %H:%M:%S+00'"; fi
}
T="$PREFIX" # table prefix
USER_TABLE="${PREFIX}user"
[ "$KIND" = postgres ] && USER_TABLE='"user"' # a reserved word there

if [ "$MODE" = build ]; then start_db; else start_db --restore; fi
cp "$HERE/LocalSettings.php" "$WORK/LocalSettings.php"
mkdir -p "$WORK/images"

if [ "$MODE" = build ]; then
  echo "== install.php --dbtype $DBTYPE"
  DB_ARGS=(--dbtype "$DBTYPE" --dbname "$DB_NAME" --dbuser "$DB_USER" --dbpass '' --installdbuser "$DB_USER" --installdbpass '')
  if [ "$KIND" = mariadb ]; then DB_ARGS+=(--dbserver "$DB_HOST:$DB_PORT" --dbprefix "$PREFIX")
  else DB_ARGS+=(--dbserver "$DB_HOST" --dbport "$DB_PORT" --dbschema mediawiki); fi
  mkdir -p "$WORK/installer-conf"
  php "$MW_IP/maintenance/install.php" --quiet "${DB_ARGS[@]}" \
    --server http://127.0.0.1:8081 --scriptpath /wiki --lang en --pass 'fixture-admin-pw' \
    --confpath "$WORK/installer-conf" --extensions Gadgets,Cite,ParserFunctions --skins Vector "Fixture Wiki" Admin

  echo "== normalise installer timestamps and add interwiki / language prefixes"
  T0="$(ts 1736150400)" # 2025-01-06T08:00:00Z, as build-fixture.sh
  sql <<SQL
UPDATE $USER_TABLE SET user_touched=$T0, user_registration=$T0;
UPDATE ${T}revision SET rev_timestamp=$T0;
UPDATE ${T}page SET page_touched=$T0, page_links_updated=$T0;
UPDATE ${T}recentchanges SET rc_timestamp=$T0;
UPDATE ${T}logging SET log_timestamp=$T0;
INSERT INTO ${T}interwiki (iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans) VALUES
 ('de', 'https://de.wikipedia.org/wiki/\$1', 'https://de.wikipedia.org/w/api.php', 'dewiki', 1, 0),
 ('fr', 'https://fr.wikipedia.org/wiki/\$1', 'https://fr.wikipedia.org/w/api.php', 'frwiki', 1, 0),
 ('es', 'https://es.wikipedia.org/wiki/\$1', 'https://es.wikipedia.org/w/api.php', 'eswiki', 1, 0),
 ('ja', 'https://ja.wikipedia.org/wiki/\$1', 'https://ja.wikipedia.org/w/api.php', 'jawiki', 1, 0),
 ('oldwiki', 'https://old.example.org/wiki/\$1', '', 'oldwiki', 0, 0),
 ('fixturewiki', 'http://127.0.0.1:8081/wiki/index.php/\$1', 'http://127.0.0.1:8081/wiki/api.php', 'wikidb', 1, 1);
SQL

  export MW_CONFIG_FILE="$REFERENCE/BuildSettings.php" MW_FIXTURE_DIR="$WORK" MW_FIXTURE_CLOCK="$WORK/clock"
  echo 1736153000 >"$WORK/clock"

  echo "== start build-only server on 127.0.0.1:$PORT"
  make_docroot "$WORK/docroot" "$WORK/images"
  setsid php -S "127.0.0.1:$PORT" -t "$WORK/docroot" "$REFERENCE/router.php" >"$WORK/server.log" 2>&1 </dev/null &
  MW_PID=$!
  wait_http "http://127.0.0.1:$PORT/wiki/api.php?action=query&meta=siteinfo&format=json" 60

  echo "== populate through the write API"
  if ! python3 "$REFERENCE/populate.py" "http://127.0.0.1:$PORT/wiki/api.php" "$WORK/clock" "$WORK"; then
    echo "populate.py failed; last server log lines:" >&2; tail -40 "$WORK/server.log" >&2; exit 1
  fi
  kill -- "-$MW_PID"; wait "$MW_PID" 2>/dev/null || true; MW_PID=""

  M="$MW_IP/maintenance"
  echo "== bot password, runJobs, stats, special pages"
  php "$M/createBotPassword.php" --appid importer --grants basic,highvolume,editpage,createeditmovepage,uploadfile \
    FixtureBot 'importerbotpassword0123456789abc'
  php "$M/runJobs.php" --quiet
  php "$M/initSiteStats.php" --update --active >/dev/null
  php "$M/updateSpecialPages.php" >"$WORK/updateSpecialPages.log" 2>&1 || { cat "$WORK/updateSpecialPages.log"; exit 1; }
  php "$M/runJobs.php" --quiet

  echo "== clamp timestamps taken from the real clock to the fake clock, empty the caches"
  FINAL="$(ts "$(cat "$WORK/clock")")"
  sql <<SQL
UPDATE ${T}page SET page_touched=$FINAL WHERE page_touched > $FINAL;
UPDATE ${T}filearchive SET fa_deleted_timestamp = COALESCE((SELECT MAX(log_timestamp) FROM ${T}logging
  WHERE log_type='delete' AND log_namespace=6 AND log_title=fa_name), $FINAL) WHERE fa_deleted_timestamp > $FINAL;
DELETE FROM ${T}job;
DELETE FROM ${T}objectcache;
DELETE FROM ${T}l10n_cache;
SQL
  SCHEMA="$DB_NAME"; QUOTE='`'
  [ "$KIND" = postgres ] && { SCHEMA=mediawiki; QUOTE='"'; }
  sql <<<"SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = '$SCHEMA'
    AND (column_name LIKE '%timestamp%' OR column_name LIKE '%touched%' OR column_name LIKE '%registration%')" |
  while read -r table column; do
    n="$(sql <<<"SELECT count(*) FROM $QUOTE$table$QUOTE WHERE $column > $FINAL AND $column <> 'infinity'")"
    [ "$n" = "0" ] || echo "WARNING: $n rows of $table.$column are later than the fake clock ($FINAL)" >&2
  done
  unset MW_CONFIG_FILE MW_FIXTURE_DIR MW_FIXTURE_CLOCK

  echo "== dump into $OUT/wiki.sql.gz"
  mkdir -p "$OUT"
  if [ "$KIND" = mariadb ]; then
    mysqldump -h "$DB_HOST" -P "$DB_PORT" -u "$DB_USER" --hex-blob --skip-comments --skip-dump-date \
      --single-transaction --no-tablespaces "$DB_NAME" | gzip -n -9 >"$OUT/wiki.sql.gz"
  else
    pg_dump -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" --schema=mediawiki --no-owner --no-privileges \
      --rows-per-insert=200 "$DB_NAME" | gzip -n -9 >"$OUT/wiki.sql.gz"
  fi
  ls -l "$OUT/wiki.sql.gz"
  # MediaWiki answers over the dump as the test loads it (on PostgreSQL the order of rows read
  # without ORDER BY follows the plan, which differs between the built and the restored database).
  stop_db
  start_db --restore
fi

if [ "$MODE" = --record-only ]; then
  # The dump holds no files: the shared fixture's uploads are the same ones populate.py makes, and
  # parsed pages show their thumbnails instead of "File missing".
  rm -rf "$WORK/images"
  cp -a "$REPO/../shared/fixtures/fixture-wiki/images" "$WORK/images"
  # The shared copy is read-only; MediaWiki writes the thumbnails the cases ask for into this one.
  chmod -R u+w "$WORK/images"
  mkdir -p "$WORK/images/temp" "$WORK/images/thumb"
fi
echo "== MediaWiki on the $KIND wiki, 127.0.0.1:$PORT"
# Writable at first: record.ts makes the thumbnails the cases ask for, then makes the settings
# read-only as wikiquery is (callers may still log in), as the main suite records.
export MW_CONFIG_FILE="$WORK/LocalSettings.php"
php "$MW_IP/maintenance/rebuildLocalisationCache.php" --lang en --quiet >/dev/null 2>&1 || true
make_docroot "$WORK/docroot" "$WORK/images"
PHP_CLI_SERVER_WORKERS=4 setsid php -d opcache.enable_cli=1 -d apc.enable_cli=1 -S "127.0.0.1:$PORT" \
  -t "$WORK/docroot" "$REFERENCE/router.php" >"$WORK/server.log" 2>&1 </dev/null &
MW_PID=$!
API="http://127.0.0.1:$PORT/wiki/api.php"
wait_http "$API?action=query&meta=siteinfo&format=json" 120

echo "== record MediaWiki's answers and write the site config"
(cd "$REPO" && node --import tsx scripts/installer-wikis/record.ts "$KIND" "$API" --settings "$WORK/LocalSettings.php" ${RECORD_ARGS[@]+"${RECORD_ARGS[@]}"})
echo "== done: $OUT"
