#!/usr/bin/env bash
# Builds MediaWiki 1.39's own import of XML dumps (install.php, importDump.php, refreshLinks.php, initSiteStats.php) and times each step.
#
#   scripts/mediawiki-import.sh [options] DUMP...
#     --out DIR            work folder (default /tmp/mw-import-<first dump's name>); its data/wikidb.sqlite is the wiki
#     --extensions LIST    extensions to load (default Gadgets,Cite,ParserFunctions, plus Scribunto when the
#                          dump's siteinfo has the Module namespace 828; Scribunto runs Lua through lua5.1)
#     --interwiki-db FILE  copy the interwiki table of this SQLite wiki (e.g. our own import of the dump) into
#                          MediaWiki's before importing, so that both wikis know the same prefixes
#     --lang CODE          content language (default: the dump's xml:lang, else en)
#     --uploads DIR        importDump.php --uploads --image-base-path DIR: files of the dump's <upload> records
#                          (DIR laid out as MediaWiki's images/, e.g. shared/fixtures/fixture-wiki/images)
#     --no-updates         importDump.php --no-updates (links only from refreshLinks.php)
#     --recentchanges      also run rebuildrecentchanges.php (not needed for the link tables)
#
# Needs Debian's MediaWiki at /usr/share/mediawiki (shared/reference/install.sh), php-sqlite3, sqlite3,
# /usr/bin/time, and lua5.1 for Scribunto (`apt-get install lua5.1 time`). Writes only into --out.
# Prints one line per step, `step wall_s user_s sys_s maxrss_kb`, and writes the same to DIR/timings.tsv.
set -euo pipefail

MW_IP="${MW_IP:-/usr/share/mediawiki}"
OUT=""
EXTENSIONS=""
INTERWIKI_DB=""
LANG_CODE=""
NO_UPDATES=0
UPLOADS=""
RECENTCHANGES=0
DUMPS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT="$2"; shift 2 ;;
    --extensions) EXTENSIONS="$2"; shift 2 ;;
    --interwiki-db) INTERWIKI_DB="$2"; shift 2 ;;
    --lang) LANG_CODE="$2"; shift 2 ;;
    --uploads) UPLOADS="$(realpath "$2")"; shift 2 ;;
    --no-updates) NO_UPDATES=1; shift ;;
    --recentchanges) RECENTCHANGES=1; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) DUMPS+=("$(realpath "$1")"); shift ;;
  esac
done
[ ${#DUMPS[@]} -gt 0 ] || { echo "usage: $0 [options] DUMP..." >&2; exit 2; }
for c in php sqlite3 /usr/bin/time; do
  command -v "$c" >/dev/null || { echo "missing $c" >&2; exit 1; }
done
[ -f "$MW_IP/maintenance/install.php" ] || { echo "MediaWiki not found at $MW_IP" >&2; exit 1; }

FIRST="${DUMPS[0]}"
OUT="${OUT:-/tmp/mw-import-$(basename "$FIRST" | sed 's/\..*//')}"
case "$OUT" in /work/shared*) echo "refusing to write into /work/shared" >&2; exit 2 ;; esac

# The dump's siteinfo (first 64 KB of the first dump) gives name, language, server, case and namespaces.
HEAD="$(head -c 65536 "$FIRST")"
siteinfo() { printf '%s' "$HEAD" | sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" | head -1 || true; }
SITENAME="$(siteinfo sitename)"; SITENAME="${SITENAME:-Imported Wiki}"
BASE="$(siteinfo base)"
CASE="$(siteinfo case)"
DUMP_LANG="$(printf '%s' "$HEAD" | sed -n 's/.*<mediawiki [^>]*xml:lang="\([^"]*\)".*/\1/p' | head -1 || true)"
LANG_CODE="${LANG_CODE:-${DUMP_LANG:-en}}"
SERVER="$(printf '%s' "$BASE" | sed -n 's|^\(https\?://[^/]*\).*|\1|p')"; SERVER="${SERVER:-http://127.0.0.1}"
# Paths as the base URL shows them: .../index.php/Main_Page, or Wikimedia's /wiki/Main_Page served from /w.
BASE_PATH="${BASE#"$SERVER"}"
case "$BASE_PATH" in
  */index.php/*) SCRIPT_PATH="${BASE_PATH%%/index.php/*}"; ARTICLE_PATH="$SCRIPT_PATH/index.php/\$1" ;;
  /wiki/*|'') SCRIPT_PATH=/w; ARTICLE_PATH='/wiki/$1' ;;
  *) SCRIPT_PATH="${BASE_PATH%/*}"; ARTICLE_PATH="$SCRIPT_PATH/\$1" ;;
esac
META_NS="$(printf '%s' "$HEAD" | sed -n 's:.*<namespace key="4"[^>]*>\(.*\)</namespace>.*:\1:p' | head -1 || true)"
if [ -z "$EXTENSIONS" ]; then
  EXTENSIONS="Gadgets,Cite,ParserFunctions"
  # (pattern matching, not `printf | grep -q`: with pipefail, grep's early exit can fail the pipe)
  if [[ "$HEAD" == *'<namespace key="828"'* ]]; then EXTENSIONS="$EXTENSIONS,Scribunto"; fi
fi

rm -rf "$OUT"
mkdir -p "$OUT/data" "$OUT/images" "$OUT/logs"
OUT="$(cd "$OUT" && pwd)"
TIMINGS="$OUT/timings.tsv"
printf 'step\twall_s\tuser_s\tsys_s\tmaxrss_kb\n' >"$TIMINGS"

# timed STEP CMD...: runs CMD with its output in logs/STEP.log and records wall, user, sys and peak memory.
timed() {
  local step="$1"; shift
  /usr/bin/time -o "$OUT/logs/$step.time" -f '%e\t%U\t%S\t%M' "$@" >"$OUT/logs/$step.log" 2>&1 || {
    echo "$step failed; last lines of $OUT/logs/$step.log:" >&2; tail -20 "$OUT/logs/$step.log" >&2; exit 1; }
  local t; t="$(tail -1 "$OUT/logs/$step.time")"
  printf '%s\t%s\n' "$step" "$t" >>"$TIMINGS"
  printf '%-22s wall %6ss  user %6ss  sys %5ss  maxrss %s kB\n' "$step" $(printf '%s' "$t" | tr '\t' ' ')
}

echo "== MediaWiki import of ${DUMPS[*]}"
echo "   into $OUT/data/wikidb.sqlite (lang $LANG_CODE, extensions $EXTENSIONS)"
timed install php "$MW_IP/maintenance/install.php" --dbtype sqlite --dbpath "$OUT/data" --dbname wikidb \
  --server "$SERVER" --scriptpath "$SCRIPT_PATH" --lang "$LANG_CODE" --pass 'import-admin-password-0' \
  --confpath "$OUT" --extensions "$EXTENSIONS" --skins Vector "$SITENAME" Admin

{
  echo ''
  echo '# mediawiki-import.sh: settings of the source wiki and of a batch import'
  [ -n "$META_NS" ] && printf '$wgMetaNamespace = %s;\n' "$(php -r 'echo var_export(str_replace(" ", "_", $argv[1]), true);' "$META_NS")"
  [ "$CASE" = "case-sensitive" ] && echo '$wgCapitalLinks = false;'
  printf '$wgArticlePath = "%s";\n' "$ARTICLE_PATH"
  echo '$wgMainCacheType = CACHE_NONE;'
  echo '$wgParserCacheType = CACHE_NONE;'
  echo '$wgJobRunRate = 0;'
  echo '$wgRCMaxAge = 100 * 365 * 86400;'
  echo '$wgShowExceptionDetails = true;'
  if [ -n "$UPLOADS" ]; then
    # importDump.php reads the dump with libxml's entity loader off, so SVGReader cannot open an
    # uploaded SVG under PHP 8 ("Unable to open source data") and the import stops; sizes of SVGs
    # are not needed for the link tables.
    echo "\$wgMediaHandlers['image/svg+xml'] = BitmapHandler::class;"
    echo '$wgFileExtensions = [ "png", "gif", "jpg", "jpeg", "webp", "svg", "pdf", "ogg", "webm" ];'
    echo '$wgEnableUploads = true;'
  fi
  if [[ ",$EXTENSIONS," == *,Scribunto,* ]]; then
    echo "\$wgScribuntoDefaultEngine = 'luastandalone';"
    echo "\$wgScribuntoEngineConf['luastandalone']['luaPath'] = '$(command -v lua5.1 || command -v lua || echo /usr/bin/lua5.1)';"
  fi
} >>"$OUT/LocalSettings.php"
export MW_CONFIG_FILE="$OUT/LocalSettings.php"
DB="$OUT/data/wikidb.sqlite"

if [ -n "$INTERWIKI_DB" ]; then
  sqlite3 "$DB" "ATTACH '$(realpath "$INTERWIKI_DB")' AS src;
    INSERT OR IGNORE INTO interwiki (iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans)
      SELECT iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans FROM src.interwiki;"
fi

M="$MW_IP/maintenance"
# The installer's Main Page would stay on top of the dump's page of the same title (its revision is
# newer), so it goes first when a dump brings that page.
MAIN_PAGE="$(sqlite3 "$DB" "SELECT replace(page_title, '_', ' ') FROM page WHERE page_namespace = 0 LIMIT 1")"
if [ -n "$MAIN_PAGE" ] && grep -qF "<title>$MAIN_PAGE</title>" "${DUMPS[@]}"; then
  printf '%s\n' "$MAIN_PAGE" >"$OUT/installer-main-page.txt"
  php "$M/deleteBatch.php" --conf "$MW_CONFIG_FILE" -r "the dump brings its own $MAIN_PAGE" "$OUT/installer-main-page.txt" >"$OUT/logs/deleteBatch.log" 2>&1
  # As if the installer had never made it: no archived revision to count in site_stats, no log entry.
  sqlite3 "$DB" "DELETE FROM archive; DELETE FROM logging WHERE log_type = 'delete'; DELETE FROM recentchanges;
    UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(log_id), 0) FROM logging) WHERE name = 'logging';"
fi

UPDATES=()
[ "$NO_UPDATES" = 1 ] && UPDATES+=(--no-updates)
[ -n "$UPLOADS" ] && UPDATES+=(--uploads --image-base-path "$UPLOADS")
i=0
for dump in "${DUMPS[@]}"; do
  i=$((i + 1))
  timed "importDump$i" php "$M/importDump.php" --conf "$MW_CONFIG_FILE" "${UPDATES[@]}" "$dump"
done
[ "$RECENTCHANGES" = 1 ] && timed rebuildrecentchanges php "$M/rebuildrecentchanges.php" --conf "$MW_CONFIG_FILE"
timed refreshLinks php "$M/refreshLinks.php" --conf "$MW_CONFIG_FILE"
timed initSiteStats php "$M/initSiteStats.php" --conf "$MW_CONFIG_FILE" --update

awk -F'\t' 'NR > 1 && $1 != "install" { w += $2; c += $3 + $4 } END { printf "total (without install)  wall %.1fs  cpu %.1fs\n", w, c }' "$TIMINGS" | tee -a "$OUT/summary.txt"
sqlite3 "$DB" "SELECT 'pages ' || count(*) FROM page; SELECT 'revisions ' || count(*) FROM revision;
  SELECT 'pagelinks ' || count(*) FROM pagelinks;" | tr '\n' ' '
echo
echo "== wiki: $DB"
