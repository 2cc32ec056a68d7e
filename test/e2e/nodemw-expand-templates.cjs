// Runs nodemw's expandTemplates against the wikiquery at argv[2] (an api.php URL) in a process of
// its own, since nodemw 0.27 reads the answer's parsetree even when the answer is an error, and
// that TypeError is thrown from inside its HTTP callback, where nobody can catch it: it ends the
// process. Prints one JSON line with what the callback was given; a crash prints nothing.
const NodeMw = require('nodemw');

const url = new URL(process.argv[2]);
const client = new NodeMw({ protocol: 'http', server: url.hostname, port: Number(url.port), path: '/wiki', debug: false, silent: true });
client.expandTemplates('{{Infobox planet|name=Mars}}', 'Mars', (error, parsetree) => {
  console.log(JSON.stringify({ error: error ? error.message : null, parsetree: parsetree ?? null }));
});
