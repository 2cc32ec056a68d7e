// A --import preload that makes every file under /usr/share/mediawiki look absent (ENOENT), in
// the main thread and in worker threads (they inherit the option): no-install.test.ts's way to
// hide MediaWiki where it cannot mount over the folder in a private mount namespace.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

const HIDDEN = '/usr/share/mediawiki';

function isHidden(path) {
  if (path instanceof URL) path = path.protocol === 'file:' ? decodeURIComponent(path.pathname) : '';
  else if (Buffer.isBuffer(path)) path = path.toString();
  if (typeof path !== 'string') return false;
  const absolute = resolve(path);
  return absolute === HIDDEN || absolute.startsWith(`${HIDDEN}/`);
}

function absent(syscall, path) {
  return Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${path}'`), { code: 'ENOENT', errno: -2, syscall, path: String(path) });
}

const SYNC = ['accessSync', 'openSync', 'opendirSync', 'readFileSync', 'readdirSync', 'readlinkSync', 'realpathSync', 'statSync', 'lstatSync', 'createReadStream'];
for (const name of SYNC) {
  const original = fs[name];
  fs[name] = function (path, ...rest) {
    if (isHidden(path)) {
      if ((name === 'statSync' || name === 'lstatSync') && rest[0]?.throwIfNoEntry === false) return undefined;
      throw absent(name.replace(/Sync$/, ''), path);
    }
    return original.call(this, path, ...rest);
  };
}
const originalExists = fs.existsSync;
fs.existsSync = (path) => !isHidden(path) && originalExists(path);

const ASYNC = ['access', 'open', 'opendir', 'readFile', 'readdir', 'readlink', 'realpath', 'stat', 'lstat'];
for (const name of ASYNC) {
  const original = fs[name];
  fs[name] = function (path, ...rest) {
    if (isHidden(path)) {
      const callback = rest.findLast((arg) => typeof arg === 'function');
      process.nextTick(() => callback?.(absent(name, path)));
      return;
    }
    return original.call(this, path, ...rest);
  };
  const promised = fs.promises[name];
  if (promised) fs.promises[name] = (path, ...rest) => (isHidden(path) ? Promise.reject(absent(name, path)) : promised.call(fs.promises, path, ...rest));
}
syncBuiltinESMExports();
