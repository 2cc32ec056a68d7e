// Dates as users read them (Language::userTimeAndDate): each language's time-and-date format along
// its fallbacks, the user's `date` preference and clock, the language's digits. The expected texts
// are MediaWiki 1.39's for the same timestamps, options and uselang (block details of list=users).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSiteConfig } from '../../src/server/config.ts';
import { userHumanFutureTime, userTimeAndDate } from '../../src/wiki/user-time.ts';
import { fixtureConfig } from '../support/fixture-wiki.ts';

const site = loadSiteConfig(fixtureConfig);
const BLOCKED = '20250115115109';
const EXPIRY = '20991231000000';

test("each language's default format, names and digits", () => {
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'de'), '11:51, 15. Jan. 2025');
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'ar'), '١١:٥١، ١٥ يناير ٢٠٢٥');
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'fa'), '\u200f۱۵ ژانویهٔ ۲۰۲۵، ساعت ۱۱:۵۱');
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'ja'), '2025年1月15日 (水) 11:51');
  assert.equal(userHumanFutureTime(EXPIRY, '', site, 'ko'), '2099년 12월 31일 (목) 00:00');
});

test('the Thai solar year, and qqx naming the month', () => {
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'th'), '11:51, 15 มกราคม 2568');
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'qqx'), '11:51, 15 (january) 2025');
});

test("the user's date preference, merged along the fallbacks; raw ISO 8601 digits", () => {
  assert.equal(userTimeAndDate(BLOCKED, 'Offset|150', site, 'en', 'ymd'), '14:21, 2025 January 15');
  assert.equal(userTimeAndDate(BLOCKED, 'Offset|-300', site, 'de', 'mdy'), '06:51, Januar 15, 2025');
  assert.equal(userTimeAndDate(BLOCKED, 'Offset|150', site, 'ar', 'ISO 8601'), '2025-01-15T14:21:09');
  // A preference stored as a number of old; one the language lacks takes its default.
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'en', '3'), '11:51, 2025 January 15');
  assert.equal(userTimeAndDate(BLOCKED, '', site, 'ko', 'nonexistent'), '2025년 1월 15일 (수) 11:51');
});

test('a future time shifts by an offset, not by a time zone', () => {
  assert.equal(userHumanFutureTime(EXPIRY, 'ZoneInfo|-300|America/New_York', site, 'cs', 'ymd'), '00:00, 2099 prosinec 31');
  assert.equal(userTimeAndDate(BLOCKED, 'ZoneInfo|-300|America/New_York', site, 'cs', 'ymd'), '06:51, 2025 leden 15');
});
