/**
 * Every operator command refuses bad arguments in one line that names the argument, and
 * writes nothing: no effect and no row in the audit trail. The cases are keyed by the
 * command table, so a new command without a case here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as s from '#server/db/schema'
import { commands, runCommand } from '#server/ops/commands'
import { operatorOf } from '#server/ops/operator'
import { OpsError } from '#server/ops/ops-error'
import { startOpsServer } from '#server/ops/ops-server'
import { build, runOps, type TestServer } from '../build-server'

let server: TestServer

beforeAll(async () => {
  server = await build()
})
afterAll(async () => {
  await server?.close()
})

/** For each command: its words after the command's name, and the one line it must answer. */
const cases: Record<string, [string[], RegExp][]> = {
  maintenance: [
    [[], /^maintenance: the switch is required: one of on, off$/],
    [['maybe'], /^maintenance: the switch is one of on, off, not "maybe"$/],
    [['off', 'now'], /^maintenance off takes no more words, not "now"$/],
  ],
  region: [
    [['block'], /^region block: the country \(two letters, e\.g\. KH\) is required$/],
    [['block', 'KHM'], /^a country is two letters/],
    [['ban', 'VN'], /^region: the action is one of block, unblock, list, not "ban"$/],
  ],
  ip: [
    [['block'], /^ip block: the address \(an IP address or CIDR range\) is required$/],
    [['block', '300.1.2.3'], /^not an IP address or CIDR range: 300\.1\.2\.3$/],
    [['ban', '1.2.3.4'], /^ip: the action is one of block, unblock, list, not "ban"$/],
  ],
  flag: [
    [['set'], /^flag set: the flag \(its modId, see: flag list\) is required$/],
    [['set', 'REG3', 'maybe'], /^flag set REG3: the switch is one of on, off, not "maybe"$/],
    [['set', 'NOSUCHFLAG', 'on'], /^no flag NOSUCHFLAG for DEMO/],
  ],
  login: [
    [['unlock'], /^login unlock: the username is required$/],
    [['reset-ip'], /^login reset-ip: the address is required$/],
    [['forget', 'member01'], /^login: the action is one of unlock, reset-ip, not "forget"$/],
  ],
  authenticator: [
    [['reset'], /^authenticator reset: the username is required$/],
    [['wipe', 'member01'], /^authenticator: the action is one of status, reset, not "wipe"$/],
    [['reset', 'nobody-here'], /^no account nobody-here in DEMO$/],
    [['reset', 'member01', 'now'], /^authenticator reset member01 takes no more words, not "now"$/],
  ],
  devices: [
    [['sign-out'], /^devices sign-out: the username is required$/],
    [['wipe', 'member01'], /^devices: the action is one of list, sign-out, days, not "wipe"$/],
    [['sign-out', 'nobody-here'], /^no account nobody-here in DEMO$/],
    [['sign-out', 'member01', 'now'], /^devices sign-out member01 takes no more words, not "now"$/],
    [['days', '366'], /^devices days: at most 365 days$/],
    [['days', '2.5'], /^devices days: the number of days is a whole number from 1 to 365$/],
    [['days', '7', 'more'], /^devices days 7 takes no more words, not "more"$/],
  ],
  profile: [
    [[], /^profile: the action is required: one of show, set, reopen$/],
    [['set'], /^profile set: the username is required$/],
    [['set', 'nosuchmember', 'nickname', 'x'], /^no member nosuchmember in brand DEMO$/],
    [['set', 'member01', 'isAdmin', 'yes'], /^profile set: the field is one of nickname, .*, not "isAdmin"$/],
    [['set', 'member01', 'birthday', '2001-02-29'], /^birthday_invalid/],
    [['set', 'member01', 'nickname'], /^profile set: the value is required \(or --clear\)$/],
    [['reopen', 'member01', 'nickname'], /^nickname of member01 is not locked$/],
  ],
  'profile-rule': [
    [['set', 'nope'], /^profile-rule set: the field is one of nickname, .*, not "nope"$/],
    [['set', 'zalo', '--min', '9', '--max', '3'], /^--min 9 is above --max 3$/],
    [['set', 'zalo', '--pattern', '^\\d+$'], /^profile-rule set: --pattern and --pattern-id go together$/],
    [
      ['set', 'zalo', '--pattern', '(', '--pattern-id', 'DIGITS'],
      /^--pattern \( is not a regular expression$/,
    ],
    [['set', 'zalo', '--required', 'maybe'], /^--required is one of yes, no, not "maybe"$/],
  ],
  key: [
    [['spin'], /^key: the action is one of rotate, not "spin"$/],
    [['rotate', 'twice'], /^key rotate takes no more words, not "twice"$/],
  ],
  status: [[['now'], /^status takes no more words, not "now"$/]],
  rebate: [
    [[], /^rebate: the action is required: one of show, set$/],
    [['set'], /^rebate set: the account is required$/],
    [['set', 'agent01', 'POKER', '1'], /^rebate set agent01: the game type is one of LOTT, .*, not "POKER"$/],
    [
      ['set', 'agent01', 'RNG', '1.234'],
      /^rebate set agent01 RNG: the rate is a percentage .*, not "1\.234"$/,
    ],
    [['set', 'nosuchacct', 'RNG', '1'], /^no account nosuchacct in DEMO$/],
  ],
  audit: [
    [['x'], /^audit: the count is a whole number from 1 to 500, not "x"$/],
    [['2', 'after', '3'], /^audit 2: the word after the count is one of before, not "after"$/],
    [['2', 'before'], /^audit 2 before: the row id is required$/],
  ],
  deposits: [
    [['approve'], /^deposits approve: the deposit id is required$/],
    [['fail', 'x1'], /^deposits fail: the deposit id is a number, not "x1"$/],
    [['list', 'sometimes'], /^deposits list: the status is one of .*, not "SOMETIMES"$/],
    [['settle', '1'], /^deposits: the action is one of list, approve, fail, not "settle"$/],
  ],
  withdrawals: [
    [['approve'], /^withdrawals approve: the withdrawal id is required$/],
    [['reject', 'abc'], /^withdrawals reject: the withdrawal id is a number, not "abc"$/],
    [['pay', '1'], /^withdrawals: the action is one of list, approve, reject, not "pay"$/],
  ],
  adjust: [
    [[], /^adjust: the username is required$/],
    [['member01'], /^adjust: the amount is required$/],
    [['member01', 'ten', 'why'], /^adjust: the amount "ten" is not an amount in USD/],
    [['member01', '5'], /^adjust: the reason is required$/],
  ],
  bonus: [
    [['member01'], /^bonus: the amount is required$/],
    [['member01', '-5', 'gift'], /^bonus: the amount "-5" is not an amount in USD/],
    [['member01', '5'], /^bonus: what it is for is required$/],
    [
      ['member01', '5', '--turnover', '0', 'gift'],
      /^bonus: the turnover multiple "0" is not a number above zero/,
    ],
    [
      ['member01', '5', '--turnover=2.55', 'gift'],
      /^bonus: the turnover multiple "2\.55" is not a number above zero/,
    ],
    [['member01', '5', '--turnover', '2', '--turnover', '3', 'gift'], /^bonus: --turnover is given twice$/],
  ],
  points: [
    [[], /^points: the action is required: one of balance, adjust, config$/],
    [['give'], /^points: the action is one of balance, adjust, config, not "give"$/],
    [['balance'], /^points balance: the username is required$/],
    [['balance', 'nobody-here'], /^no member nobody-here$/],
    [['balance', 'member01', 'now'], /^points balance member01 takes no more words, not "now"$/],
    [['adjust', 'member01'], /^points adjust: the points is required$/],
    [['adjust', 'member01', '0', 'why'], /^points adjust: the points "0" is not a number of points/],
    [['adjust', 'member01', 'ten', 'why'], /^points adjust: the points "ten" is not a number of points/],
    [['adjust', 'member01', '1.234', 'why'], /^points adjust: the points "1\.234" is not a number of points/],
    [['adjust', 'member01', '5'], /^points adjust: the reason is required$/],
    [['adjust', 'nobody-here', '5', 'why'], /^no member nobody-here$/],
    [['adjust', 'member01', '-999999999', 'why'], /not enough for that deduction; nothing was done$/],
    [['config', 'reset'], /^points config: the action is one of show, rate, convert, on, off, not "reset"$/],
    [['config', 'rate'], /^points config rate: the game type is required: one of LOTT, /],
    [['config', 'rate', 'POKER', '1'], /^points config rate: the game type is one of LOTT, .*, not "POKER"$/],
    [['config', 'rate', 'RNG'], /^points config rate: the points per 1\.00 of valid bet is required$/],
    [
      ['config', 'rate', 'RNG', 'abc'],
      /^points config rate: "abc" is not a number of points per 1\.00 from 0 to 100/,
    ],
    [
      ['config', 'rate', 'RNG', '100.01'],
      /^points config rate: "100\.01" is not a number of points per 1\.00/,
    ],
    [['config', 'rate', 'RNG', '1', 'now'], /^points config rate RNG 1 takes no more words, not "now"$/],
    [
      ['config', 'convert', 'gift', '1'],
      /^points config convert: the type is one of cash, bonus, not "gift"$/,
    ],
    [['config', 'convert', 'cash'], /^points config convert: the money per 100 points is required$/],
    [
      ['config', 'convert', 'cash', 'abc'],
      /^points config convert: the money per 100 points abc is not an amount/,
    ],
    [
      ['config', 'convert', 'cash', '1', '--min', '0'],
      /^points config convert: --min "0" is not a whole number/,
    ],
    [
      ['config', 'convert', 'cash', '1', '--step', '1.5'],
      /^points config convert: --step "1\.5" is not a whole/,
    ],
    [
      ['config', 'convert', 'cash', '1', '--turnover', '3'],
      /^points config convert: cash carries no turnover/,
    ],
    [
      ['config', 'convert', 'cash', '10000001'],
      /^points config convert: the money per 100 points 10000001 is more than /,
    ],
    [
      ['config', 'convert', 'cash', '1', '--min', '100000001'],
      /^points config convert: --min "100000001" is not a whole/,
    ],
    [
      ['config', 'convert', 'bonus', '1', '--turnover', 'x'],
      /^points config convert: --turnover "x" is a multiple/,
    ],
    [['config', 'convert', 'bonus', '1', '--colour', 'red'], /^Unknown option '--colour'/],
    [['config', 'on', 'now'], /^points config on takes no more words, not "now"$/],
    [['config', 'show', 'all'], /^points config show takes no more words, not "all"$/],
  ],
  turnover: [
    [['stop'], /^turnover: the action is one of list, waive, forfeit, not "stop"$/],
    [['list'], /^turnover list: the username is required$/],
    [['list', 'nosuchacct'], /^no member nosuchacct$/],
    [['waive'], /^turnover waive: the requirement id is required$/],
    [['waive', 'x'], /^turnover waive: the requirement id is a number, not "x"$/],
    [['waive', '1'], /^turnover waive: the reason is required$/],
    [['waive', '999999', 'why'], /^no turnover requirement #999999$/],
    [['forfeit', 'maybe'], /^turnover forfeit: the switch is one of on, off, not "maybe"$/],
    [['forfeit', 'off', 'now'], /^turnover forfeit off takes no more words, not "now"$/],
  ],
  reconcile: [[['now'], /^reconcile takes no more words, not "now"$/]],
  'wallet-mode': [
    [['hybrid'], /^wallet-mode: the mode is one of SINGLE, MULTI, not "HYBRID"$/],
    [['MULTI', 'now'], /^wallet-mode MULTI takes no more words, not "now"$/],
  ],
  brand: [
    [['rename'], /^brand: the action is one of create, show, screenshot, share, not "rename"$/],
    [['create'], /^the brand code is required$/],
    [['create', 'DEMO', '--colour', 'red'], /^Unknown option '--colour'/],
    [
      [
        'create',
        'DEMO',
        '--name',
        'Lotus',
        '--currency',
        'XYZ',
        '--decimals',
        '2',
        '--language',
        'en',
        '--timezone',
        'UTC',
      ],
      /^--currency is not an ISO 4217 currency$/,
    ],
    [['screenshot', 'add', 'ftp://cdn.example/a.png', '720x1280', 'narrow', 'Home'], /the picture’s address/],
    [['screenshot', 'remove'], /^brand screenshot: the action is one of add, list, clear, not "remove"$/],
  ],
  agent: [
    [['create'], /^agent create: the username is required$/],
    [['hire', 'boss09'], /^agent: the action is one of create, limits, not "hire"$/],
    [['limits', 'raise'], /^agent limits: the action is one of show, set, not "raise"$/],
    [
      ['limits', 'set', 'per-week', '10'],
      /^agent limits set: the limit is one of per-transfer, per-day, not "per-week"$/,
    ],
    [['limits', 'set', 'per-day'], /^agent limits set per-day: the amount \(or none\) is required$/],
    [['limits', 'set', 'per-day', '1.234'], /^agent limits set per-day: 1\.234 is not an amount above zero/],
    [['limits', 'set', 'per-day', '0'], /^agent limits set per-day: 0 is not an amount above zero/],
    [['limits', 'show', 'now'], /^agent limits show takes no more words, not "now"$/],
    [['create', 'ab'], /^a username here is \d+-\d+ characters/],
    [['create', 'boss09', '--code', 'x'], /^--code is 4-16 letters or digits$/],
  ],
  'go-live': [[['now'], /^go-live takes no more words, not "now"$/]],
  'payment-method': [
    [['frobnicate'], /^payment-method: the action is one of list, .*, not "frobnicate"$/],
    [['enable'], /^the method code is required$/],
    [
      [
        'add-bank',
        'BANK2',
        '--name',
        'Bank',
        '--bank',
        'ABA',
        '--account-name',
        'Lotus',
        '--account-number',
        '1',
        '--min',
        'ten',
        '--max',
        '5',
      ],
      /^--min ten is not an amount above zero/,
    ],
    [['name', 'BANK', '--lang', 'xx', 'Hi'], /^--lang is one of km, en, zh, th, vi$/],
    [['qr', 'BANK', '--picture'], /^payment-method qr BANK: --picture takes one picture file/],
  ],
  bank: [
    [['add'], /^the bank code is required$/],
    [['add', 'B$', 'Bank'], /^a bank code is 2-16 letters, digits or _$/],
    [['remove', 'ABA'], /^bank: the action is one of list, add, logo, not "remove"$/],
    [
      ['logo', 'ABA'],
      /^bank logo ABA: give one picture file \(png, jpeg or webp, at most 2 MB\), or --clear$/,
    ],
  ],
  jobs: [
    [['failures', 'x'], /^jobs failures: the count is a whole number from 1 to 500, not "x"$/],
    [['all'], /^jobs: the list is one of failures, not "all"$/],
  ],
  announcement: [
    [['add', 'X', 'en', 'Title', 'Body'], /^type is one of /],
    [['add', 'B', 'xx', 'Title', 'Body'], /^language is one of /],
    [['add', 'B', 'en'], /^the title is required$/],
    [['expire'], /^announcement expire: the announcement id is required$/],
    [['edit', '1'], /^announcement: the action is one of list, add, expire, not "edit"$/],
  ],
  'customer-service': [
    [['title', 'x', '--lang', 'en', 'Hi'], /^a link id is a number/],
    [['title', '1', '--lang', 'en'], /^the title is required$/],
    [['rename'], /^customer-service: the action is one of list, title, untitle, not "rename"$/],
  ],
  contract: [
    [[], /^contract: the action is required: one of offer, set, end, list, settle$/],
    [['sign'], /^contract: the action is one of offer, set, end, list, settle, not "sign"$/],
    [['set'], /^contract set: the agent's username is required$/],
    [['set', 'agent01', 'weekly'], /^contract set agent01: the kind is one of dividend, .*, not "weekly"$/],
    [['set', 'agent01', 'dailySalary', '{x'], /^the terms are not JSON: \{x$/],
    [['settle'], /^contract settle: the kind is required: one of dividend, /],
    [['settle', 'weekly'], /^contract settle: the kind is one of dividend, .*, not "weekly"$/],
    [
      ['settle', 'dailySalary'],
      /^contract settle dailySalary: the time \(YYYY-MM-DD\[THH\[:MM\]\]\) or "due" is required$/,
    ],
    [['settle', 'dailySalary', 'yesterday'], /^contract settle dailySalary: "yesterday" is not a time/],
    [
      ['settle', 'dailySalary', '2026-02-30', '--dry-run'],
      /^contract settle dailySalary: "2026-02-30" is not a time/,
    ],
    [
      ['settle', 'dailySalary', '2026-11-01', '--force'],
      /^contract settle dailySalary 2026-11-01 takes no more words, not "--force"$/,
    ],
    [
      ['settle', 'dailySalary', 'due', '--now', '2026-12-01'],
      /^contract settle: --now is for demo installs only/,
    ],
  ],
  promotion: [
    [[], /^promotion: the action is required: one of create, edit, pause, resume, list$/],
    [['create'], /^promotion create: the template is required: one of firstDeposit, /],
    [['create', 'jackpot'], /^promotion create: the template is one of .*, not "jackpot"$/],
    [['create', 'dailyLogin', '--start', 'soon'], /^--start is a time such as .*, not "soon"$/],
    [['create', 'dailyLogin', '--colour', 'red'], /^Unknown option '--colour'/],
    [['edit', 'x'], /^promotion edit: the id is a number, not "x"$/],
    [['edit', '1', 'colour'], /^promotion edit 1: the field is one of rule, .*, not "colour"$/],
    [['edit', '1', 'rule', '{x'], /^the rule is not JSON: \{x$/],
    [['edit', '1', 'rule', '{"kind":"fixed","amount":-1}'], /^the rule is invalid at amount: /],
    [['pause', '999999'], /^promotion_not_found: no such promotion$/],
    [['pause', '1', 'now'], /^promotion pause 1 takes no more words, not "now"$/],
  ],
  rebates: [
    [[], /^rebates: the action is required: one of run, due$/],
    [['pay'], /^rebates: the action is one of run, due, not "pay"$/],
    [['run'], /^rebates run: the promotion id is required$/],
    [['run', 'x', '2026-11-01'], /^rebates run: the promotion id is a number, not "x"$/],
    [['run', '1'], /^rebates run: the brand day \(YYYY-MM-DD\) is required$/],
    [
      ['run', '1', '2026-13-01'],
      /^rebates run: the brand day is a date such as 2026-12-01, not "2026-13-01"$/,
    ],
    [['run', '999999', '2026-11-01'], /^promotion_not_found: no such promotion$/],
    [['run', '1', '2026-11-01', 'now'], /^rebates run 1 2026-11-01 takes no more words, not "now"$/],
    [['due', 'now'], /^rebates due takes no more words, not "now"$/],
  ],
  application: [
    [['accept'], /^application: the action is one of list, approve, reject, not "accept"$/],
    [['approve'], /^application approve: the id is required$/],
    [['approve', '999999'], /^promotion_not_found: no such application$/],
    [['approve', '999999', '-5'], /^the amount -5 is not an amount above zero/],
    [['reject', '999999'], /^application reject: the reason is required$/],
    [['list', 'everything'], /^application list takes no more words, not "everything"$/],
  ],
  raffle: [
    [[], /^raffle: the action is required: one of create, draw$/],
    [['spin'], /^raffle: the action is one of create, draw, not "spin"$/],
    [['create'], /^raffle create: --ticket \(the valid bets that make one ticket\) is required$/],
    [['create', '--ticket', 'ten', '--prizes', '1:5:1'], /^--ticket ten is not an amount above zero/],
    [['create', '--ticket', '0', '--prizes', '1:5:1'], /^--ticket 0 is not an amount above zero/],
    [['create', '--ticket', '1'], /^raffle create: --prizes \(rank:amount:count, …\) is required$/],
    [
      ['create', '--ticket', '1', '--prizes', '1:5'],
      /^--prizes: each prize is rank:amount:count such as 1:50:1, not "1:5"$/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '1:-5:1'],
      /^--prizes: rank 1's amount -5 is not an amount above zero/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '2:5:1'],
      /^validation_failed: the ranks are 1, 2, 3… each once$/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1,1:2:1'],
      /^validation_failed: the ranks are 1, 2, 3… each once$/,
    ],
    [['create', '--ticket', '1', '--prizes', '1:5:0'], /^validation_failed: rank 1: at least one prize$/],
    [['create', '--ticket', '1', '--prizes', '1:5:1001'], /^validation_failed: at most 1000 prizes in all$/],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1', '--delay', 'soon'],
      /^--delay is the minutes from 0 to 1440 after a week before its draw, not "soon"$/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1', '--delay', '5000'],
      /^--delay is the minutes from 0 to 1440 after a week before its draw, not "5000"$/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1', '--start', 'monday'],
      /^--start is a time such as 2026-12-01T00:00\+07:00, not "monday"$/,
    ],
    [
      [
        'create',
        '--ticket',
        '1',
        '--prizes',
        '1:5:1',
        '--start',
        '2026-12-07T00:00Z',
        '--end',
        '2026-12-01T00:00Z',
      ],
      /^validation_failed: the end comes after the start$/,
    ],
    [['create', '--ticket', '1', '--prizes', '1:5:1', '--title-en', '  '], /^--title-en is required$/],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1', '--title-en', 'x'.repeat(81)],
      /^--title-en is at most 80 characters$/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1', '--title-fr', 'Tombola'],
      /^Unknown option '--title-fr'/,
    ],
    [
      ['create', '--ticket', '1', '--prizes', '1:5:1', 'now'],
      /^raffle create takes no more words, not "now"$/,
    ],
    [['draw'], /^raffle draw: the promotion id is required$/],
    [['draw', 'x'], /^raffle draw: the promotion id is a number, not "x"$/],
    [['draw', '1'], /^raffle draw: the period \(its first day, YYYY-MM-DD\) is required$/],
    [['draw', '1', '2026-02-30'], /^raffle draw: the period is a day such as 2026-11-23, not "2026-02-30"$/],
    [['draw', '1', '2026-11-23', '--force'], /^raffle draw 1 2026-11-23 takes no more words, not "--force"$/],
    [['draw', '999999', '2026-11-23'], /^promotion_not_found: no such promotion$/],
    [['draw', '999999', '2026-11-23', '--dry-run'], /^promotion_not_found: no such promotion$/],
  ],
  lottery: [
    [['spin'], /^lottery: the action is one of list, .*, not "spin"$/],
    [['enable'], /^lottery enable: the game code is required$/],
    [['void', 'EDL'], /^lottery void EDL: the issue number is required$/],
    [['add', 'X1', 'LOTT'], /^lottery add: the kind is required: one of /],
    [
      ['add', 'X1', 'NOPE', 'D5', 'every:60', 'Name'],
      /^lottery add: the prize mode is one of .*, not "NOPE"$/,
    ],
    [['odds', 'EDL', 'POS_DIGIT', '0.5'], /^odds must pay more than the stake back/],
    [['odds', 'EDL', 'BIG', '2'], /^a bet type is one of /],
    [['name', 'EDL', '--lang', 'xx', 'Hi'], /^--lang is one of /],
    [['limits', 'EDL', '--min', 'ten'], /^--min is an amount above zero/],
  ],
  'vendor-maintenance': [
    [['DSL', 'maybe'], /^vendor-maintenance DSL: the switch is one of on, off, not "maybe"$/],
    [['D$L', 'on'], /^a vendor code is letters and digits/],
  ],
  vip: [
    [['rank'], /^vip: the action is one of level, set, evaluate, not "rank"$/],
    [
      ['level', 'add', '0', '{"en":"X"}'],
      /^vip level add: the rank is a whole number from 1 to 100, not "0"$/,
    ],
    [['level', 'add', '6', 'Gold'], /^vip level add 6: the names is JSON such as/],
    [['level', 'add', '6', '{"fr":"Or"}'], /^vip level add 6: the names: the language is one of /],
    [['level', 'add', '2', '{"en":"Again"}'], /^vip level 2 exists already in DEMO/],
    [
      ['level', 'edit', '2', 'colour', 'red'],
      /^vip level edit 2: the field is one of names, .*, not "colour"$/,
    ],
    [['level', 'edit', '2', 'bonus', '-5'], /^vip level edit bonus is an amount of 0 or more .*, not "-5"$/],
    [['level', 'edit', '1', 'keep', '10'], /^vip level edit 1: the base level has every threshold 0$/],
    [['level', 'edit', '9', 'bonus', '10'], /^no VIP level 9 in DEMO$/],
    [['level', 'list', 'all'], /^vip level list takes no more words, not "all"$/],
    [['set', 'nosuchacct', '2', 'why'], /^no account nosuchacct in DEMO$/],
    [['set', 'player01', '9', 'why'], /^no VIP level 9 in DEMO \(see: vip level list\)$/],
    [['set', 'player01', '3'], /^vip set player01 3: the reason is required$/],
    [['evaluate'], /^vip evaluate: the month \(YYYY-MM\) is required$/],
    [['evaluate', '2026-13'], /^vip evaluate: the month is YYYY-MM such as 2026-10, not "2026-13"$/],
    [['evaluate', '2099-01'], /^vip evaluate 2099-01: the month has not closed yet/],
  ],
  mission: [
    [[], /^mission: the action is required: one of create, edit, pause, resume, list$/],
    [['create'], /^mission create: the kind is required: one of signIn, newbie, rescue, milestone$/],
    [['create', 'jackpot'], /^mission create: the kind is one of .*, not "jackpot"$/],
    [['create', 'newbie'], /^mission create newbie: --goal is required: one of profile, /],
    [['create', 'newbie', '--goal', 'fly'], /^--goal is one of profile, .*, not "fly"$/],
    [['create', 'rescue', '--goal', 'profile'], /^mission create rescue: --goal is for newbie tasks only$/],
    [['create', 'signIn', '--start', 'soon'], /^--start is a time such as .*, not "soon"$/],
    [['edit', 'x'], /^mission edit: the id is a number, not "x"$/],
    [['edit', '1', 'colour'], /^mission edit 1: the field is one of rule, .*, not "colour"$/],
    [['edit', '1', 'rule', '{x'], /^the rule is not JSON: \{x$/],
    [['edit', '1', 'rule', '{"kind":"signIn","days":[1]}'], /^the rule is invalid at days: /],
    [['edit', '1', 'reward', 'gold'], /^the reward is one of points, bonus, cash, not "gold"$/],
    [['edit', '1', 'score', '-1'], /^the score is a number, not "-1"$/],
    [['pause', '999999'], /^mission_not_found: no such mission$/],
    [['pause', '1', 'now'], /^mission pause 1 takes no more words, not "now"$/],
    [['list', 'all'], /^mission list takes no more words, not "all"$/],
  ],
  reward: [
    [[], /^reward: the action is required: one of add, edit, stock, disable, enable, list$/],
    [['sell'], /^reward: the action is one of add, .*, not "sell"$/],
    [['add'], /^reward add: the kind is required: one of physical, cash, bonus$/],
    [['add', 'car', '{"en":"Car"}'], /^reward add: the kind is one of physical, cash, bonus, not "car"$/],
    [['add', 'physical'], /^reward add: the names is required$/],
    [['add', 'physical', '{x', '--points', '5'], /^reward add: the names is JSON such as/],
    [
      ['add', 'physical', '{"fr":"Vélo"}', '--points', '5'],
      /^reward add: the names: the language is one of /,
    ],
    [['add', 'physical', '{"en":"Bike"}'], /^reward add: --points is required$/],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points', '0'],
      /^reward add: --points is a number of points above zero/,
    ],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points=-5'],
      /^reward add: --points is a number of points above zero/,
    ],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points', '5', '--value', '1'],
      /^reward add: an item credits no money/,
    ],
    [['add', 'cash', '{"en":"Cash"}', '--points', '5'], /^reward add: --value is required$/],
    [
      ['add', 'cash', '{"en":"Cash"}', '--points', '5', '--value', '1', '--turnover', '3'],
      /^reward add: only a bonus carries --turnover$/,
    ],
    [
      ['add', 'bonus', '{"en":"B"}', '--points', '5', '--value', '1', '--turnover', 'x'],
      /^reward add: --turnover "x" is a multiple/,
    ],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points', '5', '--stock=-1'],
      /^reward add: --stock is a whole number from 0/,
    ],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points', '5', '--limit', '0'],
      /^reward add: --limit is a whole number from 1/,
    ],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points', '5', '--image', 'javascript:alert(1)'],
      /^reward add: --image is an https:\/\/ address/,
    ],
    [
      ['add', 'physical', '{"en":"Bike"}', '--points', '5', 'extra'],
      /^reward add physical takes no more words, not "extra"$/,
    ],
    [['add', 'physical', '{"en":"Bike"}', '--points', '5', '--colour', 'red'], /^Unknown option '--colour'/],
    [['edit', 'x'], /^reward edit: the reward's id is a number, not "x"$/],
    [['edit', '1', 'colour', 'red'], /^reward edit: the field is one of names, .*, not "colour"$/],
    [['edit', '999999', 'points', '5'], /^reward edit 999999: no such reward$/],
    [['edit', '1', 'points', 'lots'], /^reward edit: the points is a number of points above zero/],
    [['edit', '1', 'end', 'tomorrow'], /^reward edit: the end is a time such as/],
    [['stock', '1'], /^reward stock: the units ever offered is required$/],
    [['stock', '1', '-3'], /^reward stock: the units ever offered is a whole number from 0/],
    [['disable', '999999'], /^reward disable 999999: no such reward$/],
    [['enable'], /^reward enable: the reward's id is required$/],
    [['list', 'all'], /^reward list takes no more words, not "all"$/],
  ],
  redemption: [
    [[], /^redemption: the action is required: one of list, approve, reject$/],
    [['refund', '1'], /^redemption: the action is one of list, approve, reject, not "refund"$/],
    [['list', 'today'], /^redemption list takes no more words, not "today"$/],
    [['approve'], /^redemption approve: the redemption's id is required$/],
    [['approve', 'abc'], /^redemption approve: the redemption's id is a number, not "abc"$/],
    [['approve', '999999'], /^redemption approve: no redemption 999999$/],
    [['approve', '1', 'now'], /^redemption approve 1 takes no more words, not "now"$/],
    [['reject', '1'], /^redemption reject: the remark is required$/],
    [['reject', '1', 'x'.repeat(141)], /^redemption reject: the remark is at most 140 characters$/],
    [['reject', '1', 'bad\u0007bell'], /^redemption reject: the remark must not contain control characters$/],
  ],
  feedback: [
    [[], /^feedback: the action is required: one of list, show, reply, close, limits, image$/],
    [
      ['delete', '1'],
      /^feedback: the action is one of list, show, reply, close, limits, image, not "delete"$/,
    ],
    [['image'], /^feedback image: the image's id is required$/],
    [['image', '1'], /^feedback image: --out \(a new \.png or \.jpg file\) is required$/],
    [
      ['image', '1', '--out', '/tmp/x.html'],
      /^feedback image: --out names a \.png or \.jpg file, not "\/tmp\/x\.html"$/,
    ],
    [['image', '999999', '--out', '/tmp/none.png'], /^feedback image: no image 999999$/],
    [
      ['list', '--status', 'open'],
      /^feedback list: --status is one of pending, replied, closed, not "open"$/,
    ],
    [['list', '--member', 'nobody-here'], /^feedback list: no member nobody-here in DEMO$/],
    [['list', 'today'], /^feedback list takes no more words, not "today"$/],
    [['list', '--colour', 'red'], /^Unknown option '--colour'/],
    [['show'], /^feedback show: the feedback's id is required$/],
    [['show', '999999'], /^feedback show: no feedback 999999$/],
    [['reply'], /^feedback reply: the feedback's id is required$/],
    [['reply', 'abc', 'hi'], /^feedback reply: the feedback's id is a number, not "abc"$/],
    [['reply', '1'], /^feedback reply: the reply is required$/],
    [['reply', '999999', 'Thanks'], /^feedback reply: no feedback 999999$/],
    [['reply', '1', 'x'.repeat(2001)], /^feedback reply: the reply is at most 2000 characters$/],
    [['reply', '1', 'bad\u0007bell'], /^feedback reply: the reply must not contain control characters$/],
    [['close', '999999'], /^feedback close: no feedback 999999$/],
    [['close', '1', 'now'], /^feedback close 1 takes no more words, not "now"$/],
    [['limits', '5'], /^feedback limits: the most words is required$/],
    [
      ['limits', '0', '10', '3'],
      /^feedback limits: the fewest words is a whole number from 1 to 1000, not "0"$/,
    ],
    [['limits', '20', '10', '3'], /^feedback limits: the most words \(10\) is below the fewest \(20\)$/],
    [
      ['limits', '1', '10', 'many'],
      /^feedback limits: the feedback a member may send a day is a whole number/,
    ],
    [['limits', '1', '10', '3', '4'], /^feedback limits <min> <max> <per day> takes no more words, not "4"$/],
  ],
  referral: [
    [[], /^referral: the action is required: one of settings, held, approve, reject$/],
    [['pay'], /^referral: the action is one of settings, held, approve, reject, not "pay"$/],
    [['settings', 'maybe'], /^referral settings: the switch is one of on, off, not "maybe"$/],
    [['settings', 'on', 'now'], /^referral settings on takes no more words, not "now"$/],
    [['settings', '--amount', 'lots'], /^--amount is an amount of 0 or more, not "lots"$/],
    [['settings', '--turnover', '1.2.3'], /^--turnover is an amount of 0 or more, not "1.2.3"$/],
    [['settings', '--share', '50'], /^--share is at most 5%, not 50%$/],
    [['settings', '--share', 'half'], /^--share is a percentage such as 0.5, not "half"$/],
    [['settings', '--reward-turnover', '1000'], /^--reward-turnover is a multiple from 0 to 100/],
    [['settings', '--colour', 'red'], /^Unknown option '--colour'/],
    [['held', 'x'], /^referral held takes no more words, not "x"$/],
    [['approve'], /^referral approve: the referral's id is required$/],
    [['approve', 'abc'], /^referral approve: the referral's id is a number, not "abc"$/],
    [['approve', '999999'], /^referral approve: referral 999999 is not held/],
    [['reject', '1', 'now'], /^referral reject 1 takes no more words, not "now"$/],
  ],
}

/** The rows an operator command can change, and the audit trail, as JSON keeps them. */
async function snapshot(): Promise<string> {
  const tables = {
    merchants: s.merchants,
    accessSettings: s.accessSettings,
    referralSettings: s.referralSettings,
    referrals: s.referrals,
    ipBlocks: s.ipBlocks,
    whitelabelNodes: s.whitelabelNodes,
    throttles: s.throttles,
    members: s.members,
    deposits: s.deposits,
    withdrawals: s.withdrawals,
    ledgerPostings: s.ledgerPostings,
    depositMethods: s.depositMethods,
    banks: s.banks,
    announcements: s.announcements,
    customerService: s.customerService,
    vendors: s.vendors,
    lotteryGames: s.lotteryGames,
    lotteryIssues: s.lotteryIssues,
    serverKeys: s.serverKeys,
    operatorActions: s.operatorActions,
    turnoverRequirements: s.turnoverRequirements,
    promotions: s.promotions,
    raffles: s.raffles,
    pointAccounts: s.pointAccounts,
    pointPostings: s.pointPostings,
    pointConfigs: s.pointConfigs,
    vipLevels: s.vipLevels,
    memberVip: s.memberVip,
    memberVipChanges: s.memberVipChanges,
    vipEvaluations: s.vipEvaluations,
    missions: s.missions,
    missionClaims: s.missionClaims,
    pointRewards: s.pointRewards,
    pointRedemptions: s.pointRedemptions,
    feedback: s.feedback,
    feedbackSettings: s.feedbackSettings,
    fundNotices: s.fundNotices,
  }
  const out: Record<string, string[]> = {}
  for (const [name, table] of Object.entries(tables)) {
    const rows = await server.db.select().from(table)
    out[name] = rows
      .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
      .sort()
  }
  return JSON.stringify(out)
}

async function auditRows(): Promise<number> {
  return (await server.db.select().from(s.operatorActions)).length
}

describe('bad arguments to operator commands', () => {
  it('every command in the table has its cases here', () => {
    const missing = Object.keys(commands).filter((name) => !(cases[name]?.length ?? 0))
    expect(missing, 'commands without a bad-argument case').toEqual([])
    expect(Object.keys(cases).filter((name) => !(name in commands))).toEqual([])
  })

  const table = Object.entries(cases).flatMap(([name, list]) =>
    list.map(([args, line]) => ({ argv: [name, ...args], line })),
  )

  it.each(table)(
    '`ops $argv` is refused in one line naming the argument, and writes nothing',
    async ({ argv, line }) => {
      const before = await snapshot()
      const err = await runOps(server, ...argv).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(OpsError)
      const message = (err as OpsError).message
      expect(message).not.toContain('\n')
      expect(message).toMatch(line)
      expect(await snapshot()).toBe(before)
    },
  )
})

describe('who runs a command, in production', () => {
  it('a change without a named operator is refused in one line and writes nothing', async () => {
    const typed = ['maintenance', 'on', 'Back soon']
    const { argv, operator } = operatorOf(typed, {}, true)
    expect(operator).toBeNull()
    const before = await snapshot()
    const err = await runCommand(
      { db: server.db, merchantCode: 'DEMO', invalidate: () => undefined, operator },
      argv,
    ).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(OpsError)
    expect((err as OpsError).message).toMatch(
      /^maintenance on changes the brand: name the operator .*nothing was done$/,
    )
    expect((err as OpsError).message).not.toContain('\n')
    expect(await snapshot()).toBe(before)
  })

  it('a name that is not an operator name is refused in one line naming it, by the CLI and by the running server', async () => {
    expect(() => operatorOf(['maintenance', '--as', 'a b', 'on'], {}, true)).toThrow(
      /^--as: an operator name is/,
    )
    expect(() => operatorOf(['maintenance', 'on'], { OPERATOR: 'x'.repeat(65) }, true)).toThrow(
      /^OPERATOR: an operator name is/,
    )
    const ops = await startOpsServer(server.services, 'DEMO', 0)
    try {
      const before = await snapshot()
      const trail = await auditRows()
      const run = (operator: unknown) =>
        ops.app.inject({
          method: 'POST',
          url: '/ops/run',
          headers: { 'x-ops-token': ops.token },
          payload: { argv: ['maintenance', 'on'], operator },
        })
      const bad = await run('a b')
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({
        ok: false,
        output: expect.stringMatching(
          /^the operator \(--as or OPERATOR\): an operator name is .*; nothing was done$/,
        ),
      })
      const none = await run(null)
      expect(none.statusCode).toBe(422)
      expect(none.json().output).toMatch(/--as <name> or OPERATOR=<name>/)
      expect(await snapshot()).toBe(before)
      expect(await auditRows()).toBe(trail)
    } finally {
      await ops.app.close()
    }
  })
})
