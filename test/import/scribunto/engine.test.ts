// Scribunto's #invoke with the real lua5.1: module calls, frames, require/loadData, errors and limits.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureScribunto, findLua, findLuaDirectory, scribuntoEngine, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { allCallbacks } from '../../../src/import/scribunto/libraries.ts';
import { LuaTable, type LuaValue } from '../../../src/import/scribunto/types.ts';
import { testWiki } from './engine-helpers.ts';

const lua = findLua();
const skip = lua === null ? 'lua5.1 is not installed' : false;

const templates = (expander: { out: { templates: Map<string, unknown> } }): string[] => [...expander.out.templates.keys()];

describe('#invoke runs the module function', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = testWiki({
    'Module:Hello': `
      local p = {}
      function p.hello(frame) return 'Hello, ' .. frame.args[1] .. '!' end
      function p.many() return 1, 2.5, 'x', true end
      function p.none() end
      function p.stopsAtNil() return 'a', nil, 'b' end
      function p.big() return 2^53, 1/3, 1e100 end
      p.notAFunction = 'text'
      return p`,
    'Module:Counter': `
      local p = {}
      function p.count() counter = (counter or 0) + 1; return counter end
      return p`,
    'Module:Broken': `
      local p = {}
      function p.fails() local t = nil; return t.field end
      function p.throws() error('my message') end
      function p.throwsTable() error({}) end
      function p.throwsBadObject() error(setmetatable({}, { __tostring = function() error('worse') end })) end
      return p`,
    'Module:NotATable': 'return 42',
  });

  test('{{#invoke:M|f}} calls p.f and writes what it returns, not expanded again', () => {
    assert.equal(wiki.expand('{{#invoke:Hello|hello|World}}').text, 'Hello, World!');
    assert.equal(wiki.expand('{{#invoke: Hello | hello |{{!}}}}').text, 'Hello, |!');
  });

  test('the output is normalized to NFC, as MediaWiki cleans up what a module returns', () => {
    const w = testWiki({ 'Module:Nfc': "return { f = function() return 'e\\204\\129' end }" });
    assert.equal(w.expand('{{#invoke:Nfc|f}}').text, '\u00e9');
  });

  test('every returned value is made a string (%.14g for numbers) and they are joined; nothing gives ""', () => {
    assert.equal(wiki.expand('{{#invoke:Hello|many}}').text, '12.5xtrue');
    assert.equal(wiki.expand('{{#invoke:Hello|none}}').text, '');
    assert.equal(wiki.expand('{{#invoke:Hello|stopsAtNil}}').text, 'a');
    assert.equal(wiki.expand('{{#invoke:Hello|big}}').text, '9.007199254741e+150.333333333333331e+100');
  });

  test('the module is a transclusion (templatelinks)', () => {
    assert.deepEqual(templates(wiki.expand('{{#invoke:Hello|hello|x}}').expander), ['828:Hello']);
  });

  test('a missing module, function or function name is a script error, and the page is tracked', () => {
    const cases: Array<[string, string]> = [
      ['{{#invoke:Nowhere|f}}', 'Script error: No such module &quot;Nowhere&quot;.'],
      ['{{#invoke:Hello}}', 'Script error: You must specify a function to call.'],
      // Title::makeTitleSafe(NS_MODULE, ...): the namespace is not written in the call.
      ['{{#invoke:Module:Hello|hello}}', 'Script error: No such module &quot;Module:Hello&quot;.'],
      ['{{#invoke:Hello|nope}}', 'Script error: The function &quot;nope&quot; does not exist.'],
      ['{{#invoke:Hello|notAFunction}}', 'Script error: &quot;notAFunction&quot; is not a function.'],
      ['{{#invoke:NotATable|f}}', 'Script error: The module returned a number value. It is supposed to return an export table.'],
    ];
    for (const [call, message] of cases) {
      const { text, expander } = wiki.expand(call);
      assert.match(text, /^<strong class="error"><span class="scribunto-error"/, call);
      assert.ok(text.includes(message), `${call}: ${text}`);
      assert.deepEqual([...expander.out.tracking], ['scribunto-common-error-category'], call);
    }
  });

  test('a Lua error becomes "Lua error in Module:X at line N: ..." and the page goes on', () => {
    const { text } = wiki.expand('{{#invoke:Broken|fails}} after');
    assert.ok(text.includes('Lua error in Module:Broken at line 3: attempt to index local &#039;t&#039; (a nil value).') || text.includes("Lua error in Module:Broken at line 3: attempt to index local 't' (a nil value)."), text);
    assert.ok(text.endsWith(' after'));
    assert.ok(wiki.expand('{{#invoke:Broken|throws}}').text.includes('Lua error in Module:Broken at line 4: my message.'));
    assert.ok(wiki.expand('{{#invoke:Broken|throwsTable}}').text.includes('Lua error: table.'));
    assert.ok(wiki.expand('{{#invoke:Broken|throwsBadObject}}').text.includes('Lua error: table.'));
    assert.equal(wiki.expand('{{#invoke:Hello|hello|still running}}').text, 'Hello, still running!');
  });

  test('a module with a syntax error is a Lua error each time it is invoked', () => {
    const w = testWiki({ 'Module:Syntax': 'local p = {\nfunction p.f() end' });
    for (let i = 0; i < 2; i++) assert.match(w.expand('{{#invoke:Syntax|f}}').text, /Lua error in Module:Syntax at line 2: .*expected/);
  });

  test('a module may expand templates that invoke modules (nested #invoke)', () => {
    const w = testWiki({
      'Module:Outer': "return { f = function(frame) return '(' .. frame:expandTemplate{ title = 'Inner', args = { frame.args[1] } } .. ')' end }",
      'Module:Inner': "return { g = function(frame) return frame:getParent().args[1] .. '!' end }",
      'Template:Inner': '{{#invoke:Inner|g}}',
    });
    const { text, expander } = w.expand('{{#invoke:Outer|f|deep}}');
    assert.equal(text, '(deep!)');
    assert.deepEqual(templates(expander), ['828:Outer', '10:Inner', '828:Inner']);
  });

  test('the script error category is named on the page', () => {
    const analysis = wiki.analyze('{{#invoke:Broken|throws}}');
    assert.ok(analysis.links.categories.has('Pages_with_script_errors'));
  });

  test('globals do not survive from one #invoke to the next, nor from page to page', () => {
    assert.equal(wiki.expand('{{#invoke:Counter|count}} {{#invoke:Counter|count}}').text, '1 1');
    assert.equal(wiki.expand('{{#invoke:Counter|count}}').text, '1');
  });

  test('links in the output are links of the page', () => {
    const w = testWiki({ 'Module:Links': "return { f = function() return '[[Target]] [[Category:Cat]] {{Not a template}}' end }" });
    const analysis = w.analyze('{{#invoke:Links|f}}');
    assert.deepEqual([...analysis.links.pageLinks.keys()], ['0:Target']);
    assert.ok(analysis.links.categories.has('Cat'));
    assert.deepEqual([...analysis.templates.keys()], ['828:Links']);
    assert.ok(w.expand('{{#invoke:Links|f}}').text.endsWith('{{Not a template}}'));
  });
});

describe('frames', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = testWiki({
    'Module:Args': `
      local p = {}
      function p.show(frame)
        local out = {}
        for k, v in pairs(frame.args) do out[#out + 1] = type(k) .. ':' .. tostring(k) .. '=[' .. v .. ']' end
        table.sort(out)
        return table.concat(out, ' ')
      end
      function p.sequence(frame)
        local out = {}
        for i, v in ipairs(frame.args) do out[#out + 1] = i .. '=' .. v end
        return table.concat(out, ',')
      end
      function p.parent(frame)
        local parent = frame:getParent()
        return frame:getTitle() .. '|' .. parent:getTitle() .. '|' .. (parent.args[1] or 'nil') .. '|' .. (parent.args.k or 'nil')
      end
      function p.one(frame) return frame.args[frame.args.which] or 'nil' end
      function p.lazy(frame) return frame.args[1] end
      function p.argument(frame) return frame:getArgument(1):expand() .. frame:getArgument({ name = 'x' }):expand() end
      function p.pairsCompat(frame) local n = 0 for k in frame:argumentPairs() do n = n + 1 end return n end
      function p.expand(frame)
        return frame:expandTemplate{ title = 'Echo', args = { 'a', b = 2 } } .. '|' ..
          frame:expandTemplate{ title = ':Main page', args = {} }
      end
      function p.missing(frame) return frame:expandTemplate{ title = 'Nope' } end
      function p.preprocess(frame) return frame:preprocess('{{Echo|{{{1}}}}}') end
      function p.parserFunction(frame)
        return frame:callParserFunction('#if', 'yes', 'then', 'else') .. frame:callParserFunction{ name = '#if:', args = { 'then', 'else' } }
          .. frame:callParserFunction('#ifexist:Linked page', 'y', 'n')
      end
      function p.tag(frame) return frame:extensionTag('ref', '[[In ref]]', { name = 'n' }) end
      function p.child(frame)
        local child = frame:newChild{ title = 'Child title', args = { 'c1', key = 'v' } }
        return child:getTitle() .. '|' .. child.args[1] .. child.args.key .. '|' .. child:getParent():getTitle()
      end
      function p.current(frame) return mw.getCurrentFrame() == frame and 'same' or 'different' end
      function p.readOnly(frame) frame.args.x = 1 end
      return p`,
    'Template:Wrap': '{{#invoke:Args|parent}}',
    'Template:Show': '{{#invoke:Args|show| a | name = b |c}}',
    'Template:Echo': '<{{{1|}}}{{{b|}}}>',
    'Template:Lazy': '{{#invoke:Args|lazy|{{{1}}}|{{Unused}}}}',
    'Main page': 'main',
  });

  test('named arguments are trimmed, positional ones are not; numbered names are numbers', () => {
    assert.equal(wiki.expand('{{#invoke:Args|show| a | name = b |c}}').text, 'number:1=[ a ] number:2=[c] string:name=[b]');
    // ipairs goes on over empty arguments (they are true in Lua) and stops at the first missing one.
    assert.equal(wiki.expand('{{#invoke:Args|sequence|x|y||z}}').text, '1=x,2=y,3=,4=z');
    assert.equal(wiki.expand('{{#invoke:Args|sequence|x|3=z}}').text, '1=x');
    assert.equal(wiki.expand('{{#invoke:Args|one|which=1|first}}').text, 'first');
  });

  test("pairs() gives the arguments in the order MediaWiki's Scribunto gives them (observed on MediaWiki 1.39)", () => {
    const w = testWiki({
      'Module:Order': `
        local p = {}
        local function list(args)
          local out = {}
          for k, v in pairs(args) do out[#out + 1] = tostring(k) .. '=' .. v end
          return table.concat(out, ',')
        end
        function p.args(frame) return list(frame.args) end
        function p.parent(frame) return list(frame:getParent().args) end
        function p.child(frame) return list(frame:newChild{ title = 'X', args = { 'a', 'b', z = 'z', y = 'y', [5] = 'five' } }.args) end
        return p`,
      'Template:Ord': '{{#invoke:Order|parent}}',
    });
    assert.equal(w.expand('{{#invoke:Order|args| a | n = b |c|z=1|3=three|k=v|x}}').text, '2=c,k=v,3=x,1= a ,z=1,n=b');
    assert.equal(w.expand('{{Ord|p1|p2|name=v|other=w|5=x|p3}}').text, 'other=w,2=p2,name=v,3=p3,1=p1,5=x');
    assert.equal(w.expand('{{#invoke:Order|child}}').text, 'y=y,2=b,z=z,1=a,5=five');
  });

  test("getParent() is the frame the #invoke was written in: the template and the template's arguments", () => {
    assert.equal(wiki.expand('{{Wrap|p1|k=v}}').text, 'Module:Args|Template:Wrap|p1|v');
    assert.equal(wiki.expand('{{#invoke:Args|parent}}', 'Some page').text, 'Module:Args|Some page|nil|nil');
  });

  test('arguments are expanded only when the module reads them', () => {
    const { text, expander } = wiki.expand('{{Lazy|x}}');
    assert.equal(text, 'x');
    assert.deepEqual(templates(expander), ['10:Lazy', '828:Args']);
  });

  test("arguments reached through the template's arguments are expanded only when read; defaults and missing ones as in wikitext", () => {
    const w = testWiki({
      'Module:Pick': `
        local p = {}
        function p.pick(frame)
          local out = {}
          for _, name in ipairs(mw.text.split(frame.args.names, ',')) do
            out[#out + 1] = name .. '=' .. (frame.args[name] or frame:getParent().args[name] or 'nil')
          end
          return table.concat(out, ' ')
        end
        return p`,
      'Template:Pick': '{{#invoke:Pick|pick|names={{{names}}}|a={{{1}}}|b={{{2|{{{x|dflt}}}}}}|c={{{3}}}|d={{Used}}|e={{{4|}}}}}',
      'Template:Used': 'used',
    });
    const picked = w.expand('{{Pick|one|{{Unused}}|names=a,c,e,f,x|x=[[Linked]]|4=[[Four]]}}');
    assert.equal(picked.text, 'a=one c={{{3}}} e=[[Four]] f=nil x=[[Linked]]');
    assert.deepEqual(templates(picked.expander), ['10:Pick', '828:Pick']);
    const transcluded = w.expand('{{Pick|one|{{Used}}|names=b,d}}');
    assert.equal(transcluded.text, 'b=used d=used');
    assert.deepEqual(templates(transcluded.expander), ['10:Pick', '828:Pick', '10:Used']);
    assert.equal(w.expand('{{Pick|one|names=b}}').text, 'b=dflt');
    const functions = w.expand(
      '{{#invoke:Pick|pick|names=a,b|a={{#if:{{{1|}}}|yes|{{lc:NO}}}}|b={{#switch:x|x={{#expr:1+1}}}}|c={{#ifexist:Exists?|y|n}}|d={{#if:x|[[L]]|{{Unused}}}}}}',
    );
    assert.equal(functions.text, 'a=no b=2');
    assert.deepEqual(templates(functions.expander), ['828:Pick']);
    assert.deepEqual([...functions.expander.out.links.keys()], []);
  });

  test('long arguments read whole, however many there are', () => {
    const long = 'x'.repeat(50_000);
    const text = wiki.expand(`{{#invoke:Args|sequence|${long}|${long}|${long}}}`).text;
    assert.equal(text, `1=${long},2=${long},3=${long}`);
  });

  test('getArgument, argumentPairs and mw.getCurrentFrame', () => {
    assert.equal(wiki.expand('{{#invoke:Args|argument|one|x=two}}').text, 'onetwo');
    assert.equal(wiki.expand('{{#invoke:Args|pairsCompat|a|b|c=d}}').text, '3');
    assert.equal(wiki.expand('{{#invoke:Args|current}}').text, 'same');
    assert.match(wiki.expand('{{#invoke:Args|readOnly}}').text, /read-only/);
  });

  test('expandTemplate transcludes the template (recorded) with the given arguments', () => {
    const { text, expander } = wiki.expand('{{#invoke:Args|expand}}');
    assert.equal(text, '<a2>|main');
    assert.deepEqual(templates(expander), ['828:Args', '10:Echo', '0:Main_page']);
    assert.match(wiki.expand('{{#invoke:Args|missing}}').text, /expandTemplate: template &quot;Nope&quot; does not exist/);
  });

  test('preprocess expands wikitext in the frame, callParserFunction and extensionTag run the functions and tags', () => {
    assert.equal(wiki.expand('{{#invoke:Args|preprocess|v}}').text, '<v>');
    const pf = wiki.expand('{{#invoke:Args|parserFunction}}');
    assert.equal(pf.text, 'thenelsen');
    assert.deepEqual([...pf.expander.out.links.keys()], ['0:Linked_page']);
    assert.deepEqual([...wiki.analyze('{{#invoke:Args|tag}}').links.pageLinks.keys()], ['0:In_ref']);
  });

  test('newChild makes a frame with its own title and arguments whose parent is the frame', () => {
    assert.equal(wiki.expand('{{#invoke:Args|child}}').text, 'Child title|c1v|Module:Args');
  });
});

describe('require and mw.loadData', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = testWiki({
    'Module:Main': `
      local util = require('Module:Util')
      local data = mw.loadData('Module:Data')
      local checks = require('libraryUtil')
      local p = {}
      function p.f()
        checks.checkType('f', 1, 'x', 'string')
        local keys = {}
        for k in pairs(data.colours) do keys[#keys + 1] = k end
        table.sort(keys)
        return util.twice(data.name) .. ' ' .. table.concat(keys, ',') .. ' ' .. tostring(data.colours.red)
      end
      function p.writeData() data.name = 'changed' end
      function p.missing() return require('Module:Absent') end
      function p.same() return tostring(mw.loadData('Module:Data') == mw.loadData('Module:Data')) end
      return p`,
    'Module:Util': "return { twice = function(s) return s .. s end }",
    'Module:Data': "return { name = 'ab', colours = { red = 1, blue = 2 } }",
  });

  test('required and loaded modules run and are transclusions', () => {
    const { text, expander } = wiki.expand('{{#invoke:Main|f}}');
    assert.equal(text, 'abab blue,red 1');
    assert.deepEqual(templates(expander), ['828:Main', '828:Util', '828:Data']);
  });

  test('every page requiring a module has it as a transclusion, in the order the page met it', () => {
    for (const title of ['First page', 'Second page', 'Third page']) {
      const { text, expander } = wiki.expand('{{#invoke:Main|f}}{{#invoke:Main|same}}', title);
      assert.equal(text, 'abab blue,red 1true');
      assert.deepEqual(templates(expander), ['828:Main', '828:Util', '828:Data']);
    }
  });

  test("every page asking whether a title exists has it in its pagelinks, the page's own title excepted", () => {
    const w = testWiki({
      'Module:Exists': `return { f = function(frame)
        local out = {}
        for _, name in ipairs({ 'Target', 'Missing', 'First page' }) do
          out[#out + 1] = name .. '=' .. tostring(mw.title.new(name).exists)
        end
        return table.concat(out, ' ')
      end }`,
      Target: 'x',
    });
    for (const title of ['First page', 'Second page']) {
      const { text, expander } = w.expand('{{#invoke:Exists|f}}', title);
      assert.equal(text, 'Target=true Missing=false First page=false');
      const own = title === 'First page' ? [] : ['0:First_page'];
      assert.deepEqual([...expander.out.links.keys()], ['0:Target', '0:Missing', ...own]);
    }
  });

  test('a wiki whose module of the same name differs runs its own', () => {
    const other = testWiki({ 'Module:Main': "return { f = function() return require('Module:Util').name end }", 'Module:Util': "return { name = 'other util' }" });
    assert.equal(other.expand('{{#invoke:Main|f}}').text, 'other util');
    assert.equal(wiki.expand('{{#invoke:Main|f}}').text, 'abab blue,red 1');
  });

  test('data from mw.loadData is read-only and loaded once per page', () => {
    assert.match(wiki.expand('{{#invoke:Main|writeData}}').text, /read-only/);
    assert.equal(wiki.expand('{{#invoke:Main|same}}').text, 'true');
  });

  test("Scribunto's bundled libraries: strict, bit32, libraryUtil", () => {
    const w = testWiki({
      'Module:Strict': `
        require('strict')
        local p = {}
        function p.read() return tostring(undeclared) end
        function p.write() created = 1 end
        function p.bits()
          local bit32 = require('bit32')
          return table.concat({ bit32.band(12, 10), bit32.bor(12, 10), bit32.bxor(12, 10), bit32.bnot(0),
            bit32.lshift(1, 31), bit32.rshift(0x80000000, 31), bit32.arshift(0x80000000, 1), bit32.extract(0xF0, 4, 4),
            bit32.replace(0, 5, 8, 3), bit32.lrotate(0x80000001, 1), tostring(bit32.btest(1, 2)) }, ' ')
        end
        function p.check() require('libraryUtil').checkType('f', 1, 5, 'string') end
        return p`,
    });
    assert.match(w.expand('{{#invoke:Strict|read}}').text, /variable &#039;undeclared&#039; is not declared|variable 'undeclared' is not declared/);
    assert.match(w.expand('{{#invoke:Strict|write}}').text, /assign to undeclared variable/);
    assert.equal(w.expand('{{#invoke:Strict|bits}}').text, '8 14 6 4294967295 2147483648 1 3221225472 15 1280 3 false');
    assert.match(w.expand('{{#invoke:Strict|check}}').text, /bad argument #1 to &#039;f&#039; \(string expected, got number\)|bad argument #1 to 'f' \(string expected, got number\)/);
  });

  test('requiring a module that does not exist is a Lua error, and still a transclusion', () => {
    const { text, expander } = wiki.expand('{{#invoke:Main|missing}}');
    assert.match(text, /module &#039;Module:Absent&#039; not found|module 'Module:Absent' not found/);
    assert.ok(templates(expander).includes('828:Absent'));
  });
});

describe('the sandbox', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = testWiki({
    'Module:Sandbox': `
      local p = {}
      function p.absent()
        return tostring(io) .. tostring(loadstring) .. tostring(dofile) .. tostring(string.dump) .. tostring(os.execute) .. tostring(getfenv)
      end
      function p.tostring() return tostring({}) .. ' ' .. tostring(print) end
      function p.pairs()
        local t = setmetatable({}, { __pairs = function() return function(_, k) if not k then return 1, 'one' end end, nil, nil end })
        local out = ''
        for k, v in pairs(t) do out = out .. k .. v end
        return out
      end
      function p.changeString() string.upper = nil; return 'ok' end
      function p.useString() return string.upper('a') end
      return p`,
  });

  test('io, loadstring, dofile, string.dump and os.execute are not there; tostring shows no addresses', () => {
    assert.equal(wiki.expand('{{#invoke:Sandbox|absent}}').text, 'nilnilnilnilnilnil');
    assert.equal(wiki.expand('{{#invoke:Sandbox|tostring}}').text, 'table nil');
  });

  test('pairs honours __pairs', () => {
    assert.equal(wiki.expand('{{#invoke:Sandbox|pairs}}').text, '1one');
  });

  test('a module changing a library changes it for itself only', () => {
    assert.equal(wiki.expand('{{#invoke:Sandbox|changeString}}{{#invoke:Sandbox|useString}}').text, 'okA');
  });
});

describe('limits', { skip }, () => {
  after(() => stopScribuntoEngine());

  test('a module that never ends stops at the time limit with a script error, and the page goes on', () => {
    configureScribunto({ cpuLimitSeconds: 0.5 });
    const wiki = testWiki({
      'Module:Loop': `
        local p = {}
        function p.forever() while true do end end
        function p.caught() while true do pcall(function() while true do end end) end end
        function p.fine() return 'fine' end
        return p`,
    });
    const { text, expander } = wiki.expand('{{#invoke:Loop|forever}}');
    assert.ok(text.includes('The time allocated for running scripts has expired.'), text);
    assert.deepEqual([...expander.out.tracking], ['scribunto-common-error-category']);
    // The time is the page's: once spent, the page's later calls fail too; the next page has its own.
    assert.ok(wiki.expand('{{#invoke:Loop|caught}}').text.includes('The time allocated for running scripts has expired.'));
    assert.equal(wiki.expand('{{#invoke:Loop|fine}}').text, 'fine');
  });

  test('a module that takes too much memory is stopped', () => {
    configureScribunto({ memoryLimitBytes: 8 * 1024 * 1024 });
    const wiki = testWiki({
      'Module:Greedy': "return { f = function() local t = {} for i = 1, 1e7 do t[i] = tostring(i) .. 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' end return #t end }",
    });
    assert.ok(wiki.expand('{{#invoke:Greedy|f}}').text.includes('The amount of memory allowed for running scripts has been exceeded.'));
  });
});

describe('values crossing the bridge', { skip }, () => {
  let directory = '';
  const received: LuaValue[][] = [];

  before(() => {
    // A stand-in library exposing host.call to modules, in a copy of the Lua folder.
    directory = mkdtempSync(join(tmpdir(), 'engine-test-'));
    symlinkSync(join(findLuaDirectory()!, 'driver.lua'), join(directory, 'driver.lua'));
    writeFileSync(join(directory, 'mw.ustring.lua'), 'return function(mw, host) mw.echo = function(...) return host.call("test.echo", ...) end end');
    writeFileSync(join(directory, 'mw.text.lua'), 'this is not Lua');
    configureScribunto({
      luaDirectory: directory,
      callbacks: {
        ...allCallbacks,
        'test.echo': (_ctx, args) => {
          received.push(args);
          return args[0];
        },
      },
    });
  });
  after(() => {
    stopScribuntoEngine();
    rmSync(directory, { recursive: true, force: true });
  });

  const wiki = testWiki({
    'Module:Values': `
      local p = {}
      local function same(a, b)
        if type(a) ~= type(b) then return false end
        if type(a) ~= 'table' then
          if a ~= a then return b ~= b end
          if a == 0 and b == 0 then return 1 / a == 1 / b end
          return a == b
        end
        for k, v in pairs(a) do if not same(v, b[k]) then return false end end
        for k in pairs(b) do if a[k] == nil then return false end end
        return true
      end
      p.values = {
        0.1, 1 / 3, 2^-1074, 1.7976931348623157e308, -0.0, 2^53 + 2, math.huge, -math.huge,
        'plain', 'with\\0zero\\nnewline:colon;semicolon', 'ā€😀', '',
        { 1, 2, { deep = { deeper = true } }, [10] = 'ten', ['1'] = 'string one', [2.5] = false },
      }
      function p.roundTrip()
        local out = {}
        for i, v in ipairs(p.values) do out[i] = same(v, mw.echo(v)) and 'same' or 'differs' end
        out[#out + 1] = tostring(mw.echo(0 / 0) ~= mw.echo(0 / 0))
        out[#out + 1] = tostring(mw.echo(nil))
        return table.concat(out, ' ')
      end
      function p.cycle()
        local t = {}
        t.self = t
        local ok, err = pcall(mw.echo, t)
        return tostring(ok) .. ': ' .. err
      end
      function p.fn() local ok, err = pcall(mw.echo, print or type) return err end
      function p.invalidUtf8() return mw.echo('a\\255b') end
      function p.big()
        local s = string.rep('0123456789', 300000)
        local back = mw.echo({ s, s })
        return #back[1] .. ' ' .. tostring(back[2] == s)
      end
      return p`,
  });

  test('numbers are exact doubles, strings keep every byte, tables keep their keys', () => {
    const text = wiki.expand('{{#invoke:Values|roundTrip}}').text;
    assert.equal(text, `${Array(13).fill('same').join(' ')} true nil`);
    const asReceived = received.map((args) => args[0]);
    assert.equal(asReceived[0], 0.1);
    assert.equal(asReceived[1], 1 / 3);
    assert.equal(asReceived[2], 5e-324);
    assert.equal(asReceived[3], Number.MAX_VALUE);
    assert.ok(Object.is(asReceived[4], -0));
    assert.equal(asReceived[5], 2 ** 53 + 2);
    assert.equal(asReceived[6], Infinity);
    assert.equal(asReceived[7], -Infinity);
    assert.equal(asReceived[9], 'with\0zero\nnewline:colon;semicolon');
    assert.equal(asReceived[10], 'ā€😀');
    const table = asReceived[12] as LuaTable;
    assert.ok(table instanceof LuaTable);
    assert.equal(table.get(10), 'ten');
    assert.equal(table.get('1'), 'string one');
    assert.equal(table.get(1), 1);
    assert.equal(table.get(2.5), false);
    assert.equal(((table.get(3) as LuaTable).get('deep') as LuaTable).get('deeper'), true);
  });

  test('a table containing itself, or a function, is refused with a Lua error', () => {
    assert.equal(wiki.expand('{{#invoke:Values|cycle}}').text, 'false: a table that contains itself cannot be passed to the host');
    assert.equal(wiki.expand('{{#invoke:Values|fn}}').text, 'a function value cannot be passed to the host');
  });

  test('megabytes cross whole', () => {
    assert.equal(wiki.expand('{{#invoke:Values|big}}').text, '3000000 true');
  });

  test('a library that fails to load is reported and leaves the others working', () => {
    const { text, expander } = wiki.expand('{{#invoke:Values|invalidUtf8}}');
    assert.equal(text, 'a\uFFFDb');
    assert.match(scribuntoEngine(expander)!.libraryError, /^mw\.text\.lua:1: /);
  });

  test('invalid UTF-8 from Lua arrives as U+FFFD', () => {
    assert.equal(wiki.expand('{{#invoke:Values|invalidUtf8}}').text, 'a\uFFFDb');
  });
});

describe('without a Lua interpreter', () => {
  after(() => stopScribuntoEngine());

  test('#invoke only records the module, as before', () => {
    configureScribunto({ lua: '/nonexistent/lua5.1' });
    const wiki = testWiki({ 'Module:Hello': "return { f = function() return 'x' end }" });
    const { text, expander } = wiki.expand('{{#invoke:Hello|f}}');
    assert.equal(text, '');
    assert.deepEqual(templates(expander), ['828:Hello']);
  });
});
