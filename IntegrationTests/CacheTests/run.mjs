// Runs the HTTP cache conformance suite (http-tests/cache-tests, the tests a browser runs)
// with Catena's `HTTPCache` as the browser's cache: the suite's own runner and checks, its
// `fetch` sent through `cache-tests-bridge`. Prints a table per group beside the browsers'
// published results, and each failure with its reason; writes the results to `--out`.
//
//   node run.mjs SUITE SERVER_BASE BRIDGE_PORT [--out FILE]
//
// `run.sh` starts the suite's server and the bridge and calls this.
import fs from 'fs'
import path from 'path'
import { pathToFileURL } from 'url'

const [suite, base, bridgePort] = process.argv.slice(2)
const outIndex = process.argv.indexOf('--out')
const out = outIndex > 0 ? process.argv[outIndex + 1] : null
const load = file => import(pathToFileURL(path.join(suite, file)).href)

const { runTests, getResults } = await load('test-engine/client/runner.mjs')
const tests = (await load('tests/index.mjs')).default

// The suite's own requests to its server (configuration, state) go as they are; a test's
// request goes through the bridge, and comes back as a response the runner reads.
const direct = globalThis.fetch
globalThis.fetch = async (url, init = {}) => {
  const target = String(url)
  if (!target.includes('/test/')) return direct(url, init)
  const asked = {
    url: target,
    method: init.method || 'GET',
    headers: (init.headers || []).map(([name, value]) => [String(name), String(value)]),
    body: init.body === undefined ? undefined : String(init.body),
    cache: init.cache
  }
  const reply = await direct(`http://127.0.0.1:${bridgePort}/fetch`, {
    method: 'POST',
    body: JSON.stringify(asked)
  })
  const answered = await reply.json()
  if (answered.error !== undefined) throw new TypeError(answered.error)
  const headers = new Headers()
  for (const [name, value] of answered.headers) {
    try { headers.append(name, value) } catch (e) { /* a name fetch refuses */ }
  }
  // Not a `Response`: it refuses statuses such as the server's 999.
  return {
    status: answered.status,
    statusText: '',
    ok: answered.status >= 200 && answered.status < 300,
    headers,
    text: async () => answered.body,
    json: async () => JSON.parse(answered.body),
    arrayBuffer: async () => new TextEncoder().encode(answered.body).buffer
  }
}

// `CACHE_TEST_ID=status-200-fresh`: that test alone, its requests and responses printed.
const only = process.env.CACHE_TEST_ID
const chosen = only
  ? tests.map(group => ({ ...group, tests: group.tests.filter(test => test.id === only) }))
    .filter(group => group.tests.length > 0)
  : tests
if (only) chosen.forEach(group => group.tests.forEach(test => { test.dump = true }))
// One test at a time (`CACHE_TESTS_AT_ONCE` to change): Catena fences every response in
// flight out of the cache when any unsafe request is sent through the client (a POST may
// change any resource), so another test's POST in flight would keep this one's response
// out; a browser's run interleaves 25 at a time.
await runTests(chosen, true, base, Number(process.env.CACHE_TESTS_AT_ONCE || 1))
const results = getResults()
if (out) fs.writeFileSync(out, JSON.stringify(results, null, 2))

// Beside the browsers: passes per group, the tests a browser runs.
const browsers = ['chrome', 'firefox', 'safari']
const published = Object.fromEntries(browsers.map(name => [
  name, JSON.parse(fs.readFileSync(path.join(suite, 'results', `${name}.json`), 'utf8'))
]))
const rows = []
const totals = { catena: 0, ran: 0 }
for (const name of browsers) totals[name] = 0
let short = 0
for (const group of tests) {
  const ids = group.tests
    .filter(test => test.cdn_only !== true && test.browser_skip !== true)
    .map(test => test.id)
  const count = results => ids.filter(id => results[id] === true).length
  const row = { group: group.id, tests: ids.length, catena: count(results) }
  for (const name of browsers) row[name] = count(published[name])
  const best = Math.max(...browsers.map(name => row[name]))
  row.verdict = row.catena >= best ? 'ok' : `below (${best})`
  if (row.catena < best) short++
  rows.push(row)
  totals.ran += ids.length
  totals.catena += row.catena
  for (const name of browsers) totals[name] += row[name]
}
console.log('group'.padEnd(18) + 'tests  catena  chrome firefox safari')
for (const row of rows) {
  console.log(row.group.padEnd(18) + String(row.tests).padStart(5) + String(row.catena).padStart(8) +
    String(row.chrome).padStart(8) + String(row.firefox).padStart(8) + String(row.safari).padStart(7) +
    '  ' + row.verdict)
}
console.log('all'.padEnd(18) + String(totals.ran).padStart(5) + String(totals.catena).padStart(8) +
  String(totals.chrome).padStart(8) + String(totals.firefox).padStart(8) + String(totals.safari).padStart(7))
console.log('\nfailures:')
for (const group of tests) {
  for (const test of group.tests) {
    if (test.cdn_only === true || test.browser_skip === true) continue
    const result = results[test.id]
    if (result === true) continue
    const kind = test.kind || 'required'
    console.log(`  ${test.id} [${kind}]: ${Array.isArray(result) ? result.join(': ') : result}`)
  }
}
process.exit(short === 0 ? 0 : 1)
