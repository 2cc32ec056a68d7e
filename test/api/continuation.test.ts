// The continuation protocol: which modules run again, and the continue/batchcomplete answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Continuation } from '../../src/api/query/continuation.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { ApiError } from '../../src/api/errors.ts';

function request(params: Record<string, string>): ApiRequest {
  return new ApiRequest('GET', new Map(Object.entries(params)), {}, '127.0.0.1', '/wiki/api.php');
}

test('a finished list module gives batchcomplete and no continue', () => {
  const c = new Continuation(request({}), ['allpages'], []);
  assert.deepEqual(c.result(), { data: [], batchComplete: true });
});

test('an unfinished list module continues with -|| and keeps batchcomplete', () => {
  const c = new Continuation(request({}), ['allpages'], []);
  c.addContinue('allpages', 'apcontinue', 'Apostrophe\'s_page');
  assert.deepEqual(c.result(), {
    data: [['apcontinue', "Apostrophe's_page"], ['continue', '-||']],
    batchComplete: true,
  });
});

test('an unfinished prop module continues with || and no batchcomplete', () => {
  const c = new Continuation(request({}), ['revisions'], ['revisions']);
  c.addContinue('revisions', 'rvcontinue', '20250114222506|450');
  assert.deepEqual(c.result(), {
    data: [['rvcontinue', '20250114222506|450'], ['continue', '||']],
    batchComplete: false,
  });
});

test('finished modules are listed so the next request skips them', () => {
  const c = new Continuation(request({}), ['info', 'revisions'], ['info', 'revisions']);
  c.addContinue('revisions', 'rvcontinue', '450');
  assert.deepEqual(c.result().data.at(-1), ['continue', '||info']);
});

test('generator continues once its page modules are done', () => {
  const c = new Continuation(request({}), ['info'], ['info']);
  c.addGeneratorContinue('gapcontinue', 'Apostrophe\'s_page');
  assert.deepEqual(c.result(), {
    data: [['gapcontinue', "Apostrophe's_page"], ['continue', 'gapcontinue||']],
    batchComplete: true,
  });
});

test('unfinished page modules repeat the current generator batch', () => {
  const c = new Continuation(request({ continue: 'gapcontinue||', gapcontinue: 'B' }), ['revisions'], ['revisions']);
  c.addGeneratorContinue('gapcontinue', 'C');
  c.addContinue('revisions', 'rvcontinue', '12');
  assert.deepEqual(c.result(), {
    data: [['rvcontinue', '12'], ['gapcontinue', 'B'], ['continue', 'gapcontinue||']],
    batchComplete: false,
  });
});

test('continue=-||x skips page modules and the listed modules', () => {
  const c = new Continuation(request({ continue: '-||allpages' }), ['allpages', 'info', 'siteinfo'], ['info']);
  assert.equal(c.generatorDone, true);
  assert.equal(c.isActive('allpages'), false);
  assert.equal(c.isActive('info'), false);
  assert.equal(c.isActive('siteinfo'), true);
});

test('a continue value without || is a badcontinue error', () => {
  assert.throws(() => new Continuation(request({ continue: 'nonsense' }), [], []), (e: unknown) => e instanceof ApiError && e.code === 'badcontinue');
});
