/**
 * The hostile-input corpus of tests/abuse/abuse.test.ts: values for path segments, query strings,
 * headers, JSON bodies and multipart uploads. Every entry has a short name, so a failure names the
 * exact request. Path and query values are already percent-encoded as they go on the wire.
 */
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { multipartBody as buildMultipart, type Part } from '../helpers/multipart';

export interface Named<T> {
  name: string;
  value: T;
}

/** Appears in some hostile strings: an HTML answer must never contain it as markup. */
export const MARKER_TAG = '<x-abuse>';

const KB = 1024;

// ---------------------------------------------------------------------------------------------
// Text: values for JSON string fields (and, encoded, for query values)

export const HOSTILE_STRINGS: Named<string>[] = [
  { name: 'empty', value: '' },
  { name: 'spaces only', value: '   \t ' },
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'only NUL', value: '\u0000' },
  { name: 'control chars', value: 'a\u0001\u0007\u0008\u001b[31mred\u007f\u0085' },
  { name: 'CRLF header injection', value: 'a\r\nSet-Cookie: tp_session=evil\r\n\r\n<h1>' },
  { name: 'replacement patterns', value: "5$' and $` and $& and $1 and $$ and $<name>" },
  { name: '</script>', value: `</script><script>alert(1)</script><!--${MARKER_TAG}` },
  { name: 'HTML markup', value: `<img src=x onerror=alert(1)>${MARKER_TAG}"'&` },
  { name: 'lone high surrogate', value: 'a\ud800b' },
  { name: 'lone low surrogate', value: '\udfff' },
  { name: 'reversed surrogates', value: '\udc00\ud800' },
  { name: 'non-characters', value: '\ufffe\uffff\ufdd0' },
  { name: 'BOM and bidi overrides', value: '\ufeff\u202eevil\u202c\u2066' },
  { name: 'line separators', value: 'a\u2028b\u2029c' },
  { name: 'emoji and combining marks', value: '👩‍👩‍👧‍👦 Z̵̡̧̛̛̛̖̖̗̘̙̜̝̞̟̠̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮ' },
  { name: 'SQL', value: "' or 1=1; drop table places; --" },
  { name: 'LIKE wildcards', value: '%_\\%' },
  { name: 'path traversal', value: '../../../../etc/passwd' },
  { name: 'template syntax', value: '{{7*7}} ${7*7} <%= 7*7 %>' },
  { name: 'JSON in a string', value: '{"__proto__":{"polluted":true}}' },
  { name: 'javascript: URL', value: 'javascript:alert(1)' },
  { name: 'protocol-relative URL', value: '//evil.example/x.jpg' },
  { name: 'data: URL', value: 'data:text/html,<script>alert(1)</script>' },
  { name: 'media traversal', value: '/media/../../../etc/passwd' },
  { name: '10 KB', value: 'x'.repeat(10 * KB) },
  { name: '100 KB', value: 'y'.repeat(100 * KB) },
  { name: 'number-like', value: '1e309' },
  { name: 'date-like but invalid', value: '2024-02-30' },
  { name: 'language-like', value: 'en\u0000' },
];

/** Values of the wrong JSON type for a field. */
export const WRONG_TYPES: Named<unknown>[] = [
  { name: 'null', value: null },
  { name: 'number', value: 42 },
  { name: 'negative', value: -1 },
  { name: 'float', value: 1.5e308 },
  { name: 'true', value: true },
  { name: 'empty array', value: [] },
  { name: 'array of strings', value: ['en', 'fr'] },
  { name: 'empty object', value: {} },
  { name: 'object', value: { value: 'x', length: 1, toString: 'x' } },
  { name: 'nested', value: { a: [{ b: [{ c: null }] }] } },
];

// ---------------------------------------------------------------------------------------------
// Path segments (percent-encoded, as sent)

export const PATH_VALUES: Named<string>[] = [
  { name: 'not a uuid', value: 'not-a-uuid' },
  { name: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { name: 'random uuid', value: randomUUID() },
  { name: 'upper-case max uuid', value: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF' },
  { name: 'uuid in braces', value: `%7B${randomUUID()}%7D` },
  { name: 'uuid with suffix', value: `${randomUUID()}x` },
  { name: 'number', value: '1' },
  { name: 'negative number', value: '-1' },
  { name: 'NUL', value: '%00' },
  { name: 'NUL in the middle', value: 'a%00b' },
  { name: 'control chars', value: '%01%1F%7F' },
  { name: 'encoded CRLF', value: 'a%0D%0ASet-Cookie:%20x=1' },
  { name: 'dot dot', value: '..' },
  { name: 'encoded dot dot', value: '%2e%2e' },
  { name: 'encoded traversal', value: '..%2F..%2F..%2Fetc%2Fpasswd' },
  { name: 'double-encoded traversal', value: '%252e%252e%252fetc%252fpasswd' },
  { name: 'backslash traversal', value: '..%5C..%5Cwindows%5Cwin.ini' },
  { name: 'overlong dot', value: '%C0%AE%C0%AE' },
  { name: 'overlong slash', value: '%C0%AF' },
  { name: 'lone surrogate (CESU-8)', value: '%ED%A0%80' },
  { name: 'invalid UTF-8 bytes', value: '%FF%FE%FD' },
  { name: 'truncated UTF-8', value: '%F0%9F%98' },
  { name: 'broken escape', value: '%E0%A4%A' },
  { name: 'bare percent', value: '%' },
  { name: 'bad hex escape', value: '%zz' },
  { name: 'encoded percent', value: '%25' },
  { name: 'emoji', value: '%F0%9F%98%80' },
  { name: 'bidi override', value: '%E2%80%AE' },
  { name: 'SQL', value: encodeURIComponent("' or 1=1 --") },
  { name: 'replacement patterns', value: encodeURIComponent("$'$`$&$1") },
  { name: '</script>', value: encodeURIComponent(`</script>${MARKER_TAG}`) },
  { name: '__proto__', value: '__proto__' },
  { name: 'constructor', value: 'constructor' },
  { name: 'hasOwnProperty', value: 'hasOwnProperty' },
  { name: 'matrix parameter', value: 'x;jsessionid=1' },
  { name: 'dot file', value: '.env' },
  { name: 'api', value: 'api' },
  { name: 'encoded slash', value: 'en%2Fhome' },
  { name: '499 chars', value: 'x'.repeat(499) },
  { name: '501 chars', value: 'x'.repeat(501) },
  { name: '5,000 chars', value: 'x'.repeat(5000) },
];

/** Extra tails for wildcard routes: several segments, traversal through them, trailing slashes. */
export const WILDCARD_TAILS: Named<string>[] = [
  { name: 'nested traversal', value: 'web/../../../../etc/passwd' },
  { name: 'encoded nested traversal', value: 'web%2F..%2F..%2F..%2Fetc%2Fpasswd' },
  { name: 'double slash', value: '/etc/passwd' },
  { name: 'trailing slash', value: 'a/b/' },
  { name: 'many segments', value: Array.from({ length: 200 }, (_, i) => `s${i}`).join('/') },
  { name: 'dots segments', value: './././x' },
  { name: 'NUL extension', value: 'x.jpg%00.html' },
  { name: 'tmp file', value: 'web/x.jpg.tmp' },
  { name: 'upper-case extension', value: 'web/X.JPG' },
];

// ---------------------------------------------------------------------------------------------
// Query strings (without the leading "?")

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

export const QUERIES: Named<string>[] = [
  { name: 'limit 0', value: 'limit=0' },
  { name: 'limit -1', value: 'limit=-1' },
  { name: 'huge limit', value: 'limit=1000000000' },
  { name: 'limit beyond 2^64', value: 'limit=99999999999999999999999999' },
  { name: 'limit 1e9', value: 'limit=1e9' },
  { name: 'limit Infinity', value: 'limit=Infinity' },
  { name: 'limit NaN', value: 'limit=NaN' },
  { name: 'limit float', value: 'limit=1.5' },
  { name: 'limit hex', value: 'limit=0x10' },
  { name: 'limit text', value: 'limit=abc' },
  { name: 'limit empty', value: 'limit=' },
  { name: 'limit without value', value: 'limit' },
  { name: 'duplicate limit', value: 'limit=1&limit=2' },
  { name: 'limit as array', value: 'limit[]=1&limit[]=2' },
  { name: 'limit as object', value: 'limit[a]=1' },
  { name: 'limit NUL', value: 'limit=1%00' },
  { name: 'cursor garbage', value: 'cursor=forged' },
  { name: 'cursor with bad characters', value: 'cursor=a%2Bb%2Fc%3D' },
  { name: 'cursor too long', value: `cursor=${'A'.repeat(301)}` },
  { name: 'cursor empty', value: 'cursor=' },
  { name: 'duplicate cursor', value: 'cursor=abc&cursor=def' },
  { name: 'cursor NUL', value: 'cursor=%00' },
  { name: 'cursor JSON object', value: `cursor=${b64('{"a":1}')}` },
  { name: 'cursor JSON null', value: `cursor=${b64('null')}` },
  { name: 'cursor wrong direction', value: `cursor=${b64('["x","2024-01-01T00:00:00.000000Z"]')}` },
  { name: 'cursor numbers', value: `cursor=${b64('["a",1,2,3,4,5]')}` },
  { name: 'cursor nested arrays', value: `cursor=${b64('["a",["x"],{"y":1},null,true]')}` },
  {
    name: 'cursor invalid UTF-8',
    value: `cursor=${Buffer.from([0x5b, 0x22, 0x61, 0x22, 0x2c, 0x22, 0xc0, 0xae, 0xff, 0x22, 0x5d]).toString('base64url')}`,
  },
  { name: '__proto__', value: '__proto__=x' },
  { name: '__proto__ object', value: '__proto__[polluted]=1' },
  { name: 'constructor.prototype', value: 'constructor[prototype][polluted]=1' },
  { name: 'hasOwnProperty', value: 'hasOwnProperty=1&toString=1&valueOf=1' },
  { name: 'languageCode NUL', value: 'languageCode=%00' },
  { name: 'languageCode unknown', value: 'languageCode=zz' },
  { name: 'languageCode lone surrogate', value: 'languageCode=%ED%A0%80' },
  { name: 'duplicate languageCode', value: 'languageCode=en&languageCode=fr' },
  { name: 'languageCode 100 KB', value: `languageCode=${'x'.repeat(100 * KB)}` },
  { name: 'location overlong UTF-8', value: 'location=%C0%AE%C0%AE&country=%FF' },
  { name: 'location 100 KB', value: `location=${'x'.repeat(100 * KB)}` },
  { name: 'location LIKE wildcards', value: 'location=%25&country=_' },
  { name: 'duplicate location', value: 'location=Paris&location=Rome' },
  { name: 'download', value: 'download=1' },
  { name: 'download twice', value: 'download=1&download=2' },
  { name: 'broken escape', value: 'a=%E0%A4%A&b=%' },
  { name: 'bad hex escape', value: 'limit=%zz' },
  { name: 'only separators', value: '&&&=&==&' },
  { name: 'many parameters', value: Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&') },
  { name: 'open redirect', value: 'next=%2F%2Fevil.example&redirect=javascript:alert(1)' },
  { name: 'markup', value: `q=${encodeURIComponent(`</script>${MARKER_TAG}`)}` },
  { name: 'q empty', value: 'q=' },
  { name: 'q NUL', value: 'q=a%00b' },
  { name: 'q control chars', value: 'q=%01%1B%7F' },
  { name: 'q 100 KB', value: `q=${'x'.repeat(100 * KB)}` },
  { name: 'duplicate q', value: 'q=lodz&q=paris' },
  { name: 'q as object', value: 'q[a]=1' },
  { name: 'q with limit 1e9', value: 'q=paris&limit=1e9' },
];

/** Cursors made from a real one (a JSON array, base64url) with one element replaced or the shape changed. */
export function forgedCursors(real: string): Named<string>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(real, 'base64url').toString('utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const key = parsed as unknown[];
  const replacements: Named<unknown>[] = [
    { name: 'NUL', value: 'a\u0000b' },
    { name: 'lone surrogate', value: '\ud800' },
    { name: '600 chars', value: 'x'.repeat(600) },
    { name: 'impossible date', value: '2024-02-30T00:00:00.000000Z' },
    { name: 'year 0', value: '0000-01-01T00:00:00.000000Z' },
    { name: 'beyond Date', value: '275760-09-13T00:00:00.000000Z' },
    { name: 'uuid-like', value: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' },
    { name: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
    { name: 'SQL', value: "' or 1=1 --" },
    { name: 'number', value: 1 },
    { name: 'null', value: null },
    { name: 'array', value: ['a'] },
  ];
  const encode = (value: unknown) => b64(JSON.stringify(value));
  const out: Named<string>[] = [
    { name: 'one element short', value: encode(key.slice(0, -1)) },
    { name: 'one element extra', value: encode([...key, 'x']) },
    { name: 'direction swapped', value: encode([key[0] === 'a' ? 'b' : 'a', ...key.slice(1)]) },
    { name: 'unknown direction', value: encode(['c', ...key.slice(1)]) },
  ];
  for (let index = 0; index < key.length; index++) {
    for (const replacement of replacements) {
      const forged = [...key];
      forged[index] = replacement.value;
      out.push({ name: `element ${index} ${replacement.name}`, value: encode(forged) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Headers

export const HEADER_SETS: Named<Record<string, string>>[] = [
  { name: 'Range first byte', value: { range: 'bytes=0-0' } },
  { name: 'Range suffix', value: { range: 'bytes=-1' } },
  { name: 'Range beyond the end', value: { range: 'bytes=999999999999-' } },
  { name: 'Range reversed', value: { range: 'bytes=5-1' } },
  { name: 'Range many', value: { range: Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',') } },
  { name: 'Range junk', value: { range: 'lines=1-2; junk' } },
  { name: 'If-Range junk', value: { range: 'bytes=0-1', 'if-range': '"nope"' } },
  { name: 'If-None-Match *', value: { 'if-none-match': '*' } },
  { name: 'If-None-Match one quote', value: { 'if-none-match': '"' } },
  { name: 'If-None-Match list', value: { 'if-none-match': 'W/"x", "y-br", , ,"' } },
  { name: 'If-None-Match huge', value: { 'if-none-match': `"${'a'.repeat(8 * KB)}"`.concat(', '.repeat(2000)) } },
  { name: 'If-Modified-Since junk', value: { 'if-modified-since': 'yesterday at noon' } },
  { name: 'Accept-Language junk', value: { 'accept-language': 'zz;q=abc, *;q=-1, en;q=2, ;;;, de-' } },
  { name: 'Accept-Language huge', value: { 'accept-language': 'x-'.repeat(4 * KB) } },
  { name: 'Accept-Encoding junk', value: { 'accept-encoding': 'br;q=0, gzip;q=NaN, *;q=' } },
  { name: 'Accept-Encoding identity refused', value: { 'accept-encoding': 'identity;q=0, *;q=0' } },
  { name: 'Accept XML', value: { accept: 'application/xml;q=abc' } },
  { name: 'Cookie session NUL', value: { cookie: 'tp_session=%00' } },
  { name: 'Cookie session huge', value: { cookie: `tp_session=${'x'.repeat(4 * KB)}` } },
  { name: 'Cookie session twice', value: { cookie: 'tp_session=a; tp_session=b' } },
  { name: 'Cookie session broken escape', value: { cookie: 'tp_session=%E0%A4%A' } },
  { name: 'Cookie lang traversal', value: { cookie: 'lang=../../etc/passwd' } },
  { name: 'Cookie lang unknown', value: { cookie: 'lang=zz' } },
  { name: 'Cookie lang __proto__', value: { cookie: 'lang=__proto__; __proto__=x; constructor=y' } },
  { name: 'Cookie lang broken escape', value: { cookie: 'lang=%E0%A4%A' } },
  { name: 'Cookie syntax junk', value: { cookie: '=;=;;; ==; a' } },
  { name: 'X-Forwarded-For junk', value: { 'x-forwarded-for': 'junk, 999.1.1.1, ::ffff:1.2.3.4, ' } },
  { name: 'X-Forwarded-Host and Proto', value: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' } },
  { name: 'Host evil', value: { host: 'evil.example' } },
  { name: 'Host huge', value: { host: `${'a'.repeat(1000)}.example:99999` } },
  { name: 'Host with path', value: { host: 'localhost/../..' } },
  { name: 'Sec-Fetch-Site cross-site', value: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
  { name: 'Content-Type on GET', value: { 'content-type': 'application/json' } },
];

/** Origins a state-changing request may carry that the CSRF guard must refuse (403). */
export const CROSS_SITE: Named<Record<string, string>>[] = [
  { name: 'Origin evil', value: { origin: 'https://evil.example' } },
  { name: 'Origin null', value: { origin: 'null' } },
  { name: 'Origin not a URL', value: { origin: 'not a url' } },
  { name: 'Origin suffix host', value: { origin: 'http://localhost.evil.example' } },
  { name: 'Origin userinfo', value: { origin: 'http://localhost:3000@evil.example' } },
  { name: 'Origin other port', value: { origin: 'http://localhost:1' } },
  { name: 'Sec-Fetch-Site cross-site', value: { 'sec-fetch-site': 'cross-site' } },
  { name: 'Sec-Fetch-Site same-site', value: { 'sec-fetch-site': 'same-site' } },
  { name: 'Sec-Fetch-Site junk', value: { 'sec-fetch-site': 'SAME-ORIGIN' } },
];

/**
 * Addresses sent verbatim over a real socket: light-my-request (app.inject) resolves "." and ".."
 * segments like a browser, a client on the wire does not. `admin` ones must get 401 without a session.
 */
export const RAW_PATHS: { path: string; admin?: boolean }[] = [
  { path: '/media/../../../../etc/passwd' },
  { path: '/media/web/../../../../etc/passwd' },
  { path: '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd' },
  { path: '/media/web/..%2f..%2f..%2fetc%2fpasswd' },
  { path: '/media/..\\..\\..\\etc\\passwd' },
  { path: '/media//etc/passwd' },
  { path: '/media/./web/../web/x.jpg' },
  { path: '/media/web/x.jpg/..' },
  { path: '/sitemaps/../robots.txt' },
  { path: '/sitemaps/%2e%2e%2fsitemap.xml' },
  { path: '/iladmin/../api/admin/places-with-translations' },
  { path: '/en/../../../etc/passwd' },
  { path: '/en/%2e%2e/%2e%2e/etc/passwd' },
  { path: '/api/places/../../etc/passwd' },
  { path: '/api/..' },
  { path: '//evil.example/en/home' },
  { path: 'http://evil.example/en/home' },
  { path: '/api/admin/../admin/places-with-translations', admin: true },
  { path: '/api/admin/places/..', admin: true },
  { path: '/api/admin/./upload/limits', admin: true },
  { path: '/api/admin/%2e%2e/places', admin: true },
  { path: '/api/admin//places-with-translations', admin: true },
  { path: '/api/admin/places/%2e%2e%2f%2e%2e%2f', admin: true },
  { path: '/api/admin/login/../cities', admin: true },
  { path: '/api/admin/status/..%2f..%2fadmin%2fcities', admin: true },
];

/** Requests whose syntax is broken: Node's HTTP parser answers them, never the app with a 500. */
export const RAW_REQUESTS: Named<string>[] = [
  { name: 'NUL in the request line', value: 'GET /en/home\u0000 HTTP/1.1\r\nHost: localhost\r\n\r\n' },
  { name: 'space in the path', value: 'GET /en/ho me HTTP/1.1\r\nHost: localhost\r\n\r\n' },
  { name: 'header without a colon', value: 'GET /en/home HTTP/1.1\r\nHost: localhost\r\nbroken header\r\n\r\n' },
  { name: 'header with a NUL', value: 'GET /en/home HTTP/1.1\r\nHost: localhost\r\nX-A: a\u0000b\r\n\r\n' },
  { name: 'no Host', value: 'GET /en/home HTTP/1.1\r\n\r\n' },
  { name: 'two Hosts', value: 'GET /en/home HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n' },
  { name: 'HTTP/1.0 without Host', value: 'GET /api/places HTTP/1.0\r\n\r\n' },
  { name: 'unknown HTTP version', value: 'GET /api/places HTTP/9.9\r\nHost: localhost\r\n\r\n' },
  { name: 'asterisk form', value: 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n' },
  { name: 'CONNECT', value: 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n' },
  {
    name: 'conflicting Content-Length',
    value:
      'POST /api/admin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}',
  },
  {
    name: 'Content-Length and chunked',
    value:
      'POST /api/admin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  },
  {
    name: 'broken chunk',
    value:
      'POST /api/admin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
  {
    name: 'body shorter than Content-Length',
    value:
      'POST /api/admin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"password":',
  },
  { name: '20 KB header', value: `GET /en/home HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20 * KB)}\r\n\r\n` },
  { name: 'not HTTP at all', value: '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003' },
];

// ---------------------------------------------------------------------------------------------
// Methods

/** Methods sent to every address besides the ones its routes register. */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'] as const;

// ---------------------------------------------------------------------------------------------
// Raw bodies for routes that read JSON

export interface RawBody {
  name: string;
  headers: Record<string, string>;
  payload: string | Buffer;
}

const json = { 'content-type': 'application/json' };

function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** The 40,000 keys of the wide-object body ("k0":0,"k1":1,...), written once for every route. */
let wideKeys: string | undefined;

/** `valid` with 40,000 more keys, as JSON (the same text `JSON.stringify({ ...valid, ...wide })` makes). */
function wideObject(validText: string): string {
  wideKeys ??= Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',');
  return validText === '{}' ? `{${wideKeys}}` : `${validText.slice(0, -1)},${wideKeys}}`;
}

/** Bodies that are wrong whatever the route: syntax, shape, size, encoding and content type. */
export function rawBodies(valid: Record<string, unknown>): RawBody[] {
  const validText = JSON.stringify(valid);
  const firstKey = Object.keys(valid)[0] ?? 'name';
  return [
    { name: 'malformed JSON', headers: json, payload: '{"a": "unfinished' },
    { name: 'trailing garbage', headers: json, payload: `${validText}}}` },
    { name: 'single quotes', headers: json, payload: "{'a': 1}" },
    { name: 'NaN literal', headers: json, payload: '{"a": NaN}' },
    { name: 'empty body', headers: json, payload: '' },
    { name: 'whitespace body', headers: json, payload: ' \n\t ' },
    { name: 'raw NUL body', headers: json, payload: '\u0000' },
    { name: 'JSON null', headers: json, payload: 'null' },
    { name: 'JSON array', headers: json, payload: `[${validText}]` },
    { name: 'JSON number', headers: json, payload: '42' },
    { name: 'JSON string', headers: json, payload: '"text"' },
    { name: 'JSON true', headers: json, payload: 'true' },
    { name: 'empty object', headers: json, payload: '{}' },
    { name: 'deep array (100,000 levels)', headers: json, payload: deepArray(100_000) },
    { name: 'deep object (20,000 levels)', headers: json, payload: deepObject(20_000) },
    {
      name: 'deep value in a valid body',
      headers: json,
      payload: JSON.stringify({ ...valid, extra: 0 }).replace('"extra":0', `"extra":${deepObject(5_000)}`),
    },
    {
      name: 'wide object (40,000 keys)',
      headers: json,
      payload: wideObject(validText),
    },
    {
      name: 'over the 1 MiB body limit',
      headers: json,
      payload: JSON.stringify({ ...valid, pad: 'x'.repeat(1100 * KB) }),
    },
    { name: '__proto__ key', headers: json, payload: `{"__proto__":{"polluted":true},${validText.slice(1)}` },
    {
      name: 'constructor.prototype key',
      headers: json,
      payload: `{"constructor":{"prototype":{"polluted":true}},${validText.slice(1)}`,
    },
    {
      name: 'nested __proto__',
      headers: json,
      payload: `{"a":{"b":{"__proto__":{"polluted":true}}},${validText.slice(1)}`,
    },
    {
      name: 'duplicate keys',
      headers: json,
      payload: `{"${firstKey}":"first",${validText.slice(1, -1)},"${firstKey}":{"x":1}}`,
    },
    { name: 'NUL in a key', headers: json, payload: `{"k\\u0000":1,${validText.slice(1)}` },
    { name: 'escaped lone surrogate', headers: json, payload: `{"${firstKey}":"\\ud800",${validText.slice(1)}` },
    {
      name: 'invalid UTF-8 bytes',
      headers: json,
      payload: Buffer.concat([
        Buffer.from(`{"${firstKey}":"`),
        Buffer.from([0xc0, 0xae, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98]),
        Buffer.from(`",${validText.slice(1)}`),
      ]),
    },
    {
      name: 'UTF-8 BOM',
      headers: json,
      payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(validText)]),
    },
    {
      name: 'UTF-16 body',
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      payload: Buffer.from(validText, 'utf16le'),
    },
    { name: 'latin1 charset', headers: { 'content-type': 'application/json; charset=latin1' }, payload: validText },
    { name: 'upper-case content type', headers: { 'content-type': 'APPLICATION/JSON' }, payload: validText },
    { name: 'content type junk parameters', headers: { 'content-type': 'application/json;;;=;a' }, payload: validText },
    { name: 'JSON suffix type', headers: { 'content-type': 'application/vnd.api+json' }, payload: validText },
    { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: validText },
    { name: 'form urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=2' },
    {
      name: 'XML',
      headers: { 'content-type': 'application/xml' },
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    { name: 'unknown content type', headers: { 'content-type': 'application/x-evil' }, payload: 'whatever' },
    { name: 'empty content type', headers: { 'content-type': '' }, payload: validText },
    { name: 'content type junk', headers: { 'content-type': ';;;' }, payload: validText },
    { name: 'no content type', headers: {}, payload: validText },
    { name: 'gzip claimed but not', headers: { ...json, 'content-encoding': 'gzip' }, payload: validText },
    { name: 'multipart type without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: validText },
  ];
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies (every POST/PUT/PATCH route gets them; upload routes are the ones that read them)

const BOUNDARY = 'abuseBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body framed by the corpus's boundary unless a case names another. */
export function multipartBody(parts: Part[], options: { close?: boolean; boundary?: string } = {}): RawBody['payload'] {
  return buildMultipart(parts, options.boundary ?? BOUNDARY, options);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim `width` x `height` pixels (a decompression bomb's header). */
export function pngBomb(width = 60_000, height = 60_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG start-of-frame that claims 65,535 x 65,535 pixels, then ends. */
export function jpegBomb(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xff, 0xff, 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
    0x11, 0x01, 0xff, 0xd9,
  ]);
}

/** A zip file's first bytes: not an image, whatever its name says. */
const ZIP = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 0x41)]);

export interface Photos {
  /** A small real JPEG with GPS: uploads of it succeed. */
  withGps: Buffer;
  /** A small real JPEG without GPS: the upload is refused with 422. */
  withoutGps: Buffer;
  /** A small real PNG (gallery images need no GPS). */
  png: Buffer;
}

/**
 * Multipart cases for a route, named after its likely file field. `fileField` is the field the
 * route reads; the cases also put files under other names.
 */
export function multipartCases(photos: Photos, maxUploadBytes: number): RawBody[] {
  const type = { 'content-type': MULTIPART_TYPE };
  const fileFields = ['photo', 'image'];
  const cases: RawBody[] = [];
  const add = (name: string, parts: Part[], options?: { close?: boolean }) =>
    cases.push({ name, headers: type, payload: multipartBody(parts, options) });

  add('no parts', []);
  add('only text fields', [
    { name: 'description', value: 'a story' },
    { name: 'exifData', value: '{}' },
  ]);
  add('file under an unknown field', [
    { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: photos.withGps },
  ]);
  for (const field of fileFields) {
    const file = (data: Buffer, filename = 'IMG_0001.jpg', contentType = 'image/jpeg'): Part => ({
      name: field,
      filename,
      contentType,
      data,
    });
    add(`${field}: two files`, [file(photos.withGps), file(photos.withGps, 'IMG_0002.jpg')]);
    add(`${field}: empty file`, [file(Buffer.alloc(0))]);
    add(`${field}: text file named .jpg`, [file(Buffer.from('just some text, not an image\n'.repeat(50)))]);
    add(`${field}: HTML named .png`, [
      file(Buffer.from(`<html><script>alert(1)</script>${MARKER_TAG}</html>`), 'x.png', 'image/png'),
    ]);
    add(`${field}: zip`, [file(ZIP, 'photos.zip', 'application/zip')]);
    add(`${field}: truncated JPEG`, [file(photos.withGps.subarray(0, Math.floor(photos.withGps.length / 2)))]);
    add(`${field}: JPEG header only`, [file(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))]);
    add(`${field}: JPEG claiming 65535x65535`, [file(jpegBomb())]);
    add(`${field}: PNG bomb header (60000x60000)`, [file(pngBomb(), 'bomb.png', 'image/png')]);
    add(`${field}: JPEG without GPS`, [file(photos.withoutGps)]);
    add(`${field}: PNG without GPS`, [file(photos.png, 'a.png', 'image/png')]);
    add(`${field}: traversal file name`, [file(photos.withoutGps, '../../../../etc/passwd')]);
    add(`${field}: file name with NUL and markup`, [file(photos.withoutGps, `a\u0000<script>${MARKER_TAG}.jpg`)]);
    add(`${field}: 10 KB file name`, [file(photos.withoutGps, `${'n'.repeat(10 * KB)}.jpg`)]);
    add(`${field}: over the size limit`, [
      file(Buffer.concat([photos.withoutGps, Buffer.alloc(maxUploadBytes + 1024)])),
    ]);
    add(`${field}: unterminated body`, [file(photos.withGps)], { close: false });
    add(`${field}: huge field name`, [{ name: 'f'.repeat(100 * KB), value: 'x' }, file(photos.withoutGps)]);
    add(`${field}: field value over 256 KiB`, [
      { name: 'description', value: 'd'.repeat(300 * KB) },
      file(photos.withoutGps),
    ]);
    add(`${field}: description with NUL, markup and patterns`, [
      { name: 'description', value: `a\u0000b $' $& </script>${MARKER_TAG}` },
      file(photos.withoutGps),
    ]);
    add(`${field}: too many fields`, [
      ...Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: String(i) })),
      file(photos.withoutGps),
    ]);
    add(`${field}: too many parts`, [
      ...Array.from({ length: 13 }, (_, i) => ({ name: `description`, value: String(i) })),
      file(photos.withoutGps),
    ]);
    for (const exif of EXIF_DATA)
      add(`${field}: exifData ${exif.name}`, [{ name: 'exifData', value: exif.value }, file(photos.withoutGps)]);
    for (const coordinates of COORDINATES) {
      const parts = Object.entries(coordinates.value).map(([name, value]) => ({ name, value }));
      add(`${field}: coordinates ${coordinates.name}`, [...parts, file(photos.withoutGps)]);
    }
    add(`${field}: coordinates for a photo with GPS`, [
      { name: 'latitude', value: '48.13743' },
      { name: 'longitude', value: '11.57549' },
      file(photos.withGps),
    ]);
  }
  cases.push(
    { name: 'multipart: no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
    {
      name: 'multipart: wrong boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
      payload: multipartBody([{ name: 'photo', filename: 'a.jpg', data: photos.withGps }]),
    },
    {
      name: 'multipart: 100 KB boundary',
      headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(100 * KB)}` },
      payload: 'x',
    },
    {
      name: 'multipart: garbage',
      headers: type,
      payload: Buffer.from('\r\n\r\n--abuseBoundary7MA4YWxkTrZu0gW\r\nContent-Disposition: junk\r\n\r\n\u0000\u0000'),
    },
    {
      name: 'multipart: part without Content-Disposition',
      headers: type,
      payload: Buffer.from(
        '--abuseBoundary7MA4YWxkTrZu0gW\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n--abuseBoundary7MA4YWxkTrZu0gW--\r\n',
      ),
    },
    {
      name: 'multipart/mixed',
      headers: { 'content-type': 'multipart/mixed; boundary=abuseBoundary7MA4YWxkTrZu0gW' },
      payload: multipartBody([]),
    },
  );
  return cases;
}

/** latitude and longitude set by hand on the Upload screen (none is a valid pair). */
export const COORDINATES: Named<Record<string, string>>[] = [
  { name: 'latitude only', value: { latitude: '48.1' } },
  { name: 'NaN and Infinity', value: { latitude: 'NaN', longitude: 'Infinity' } },
  { name: '1e999', value: { latitude: '1e999', longitude: '-1e999' } },
  { name: 'hex', value: { latitude: '0x10', longitude: '0x10' } },
  { name: 'empty', value: { latitude: '', longitude: '' } },
  { name: 'out of range', value: { latitude: '90.000001', longitude: '-180.5' } },
  { name: '10 KB of digits', value: { latitude: '1'.repeat(10 * KB), longitude: '2' } },
  { name: 'NUL', value: { latitude: '48\u0000.1', longitude: '11.5' } },
  { name: 'markup', value: { latitude: `<b>${MARKER_TAG}`, longitude: "1' or 1=1" } },
];

/** exifData texts (the Upload screen's "EXIF source photo"). */
export const EXIF_DATA: Named<string>[] = [
  { name: 'not JSON', value: '{' },
  { name: 'array', value: '[1,2,3]' },
  { name: 'null', value: 'null' },
  { name: 'string', value: '"x"' },
  { name: '__proto__', value: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
  { name: 'GPS out of range', value: '{"latitude":1000,"longitude":-1000,"GPSLatitude":"abc","GPSLongitude":1e999}' },
  { name: 'GPS as arrays and objects', value: '{"GPSLatitude":[1,[2],{}],"GPSLongitude":{"a":1},"GPSLatitudeRef":[]}' },
  { name: 'NUL escapes', value: '{"Make\\u0000":"a\\u0000b","DateTimeOriginal":"\\u0000"}' },
  { name: 'lone surrogates', value: '{"Make":"\\ud800","DateTimeOriginal":"\\udfff"}' },
  { name: 'bad dates', value: '{"DateTimeOriginal":"2024:02:30 25:61:61","CreateDate":-1,"GPSDateStamp":{}}' },
  { name: 'deep', value: deepObject(5_000) },
  { name: 'over 200,000 characters', value: JSON.stringify({ Make: 'x'.repeat(210_000) }) },
];

// ---------------------------------------------------------------------------------------------
// Valid JSON bodies, per route: hostile values replace one field at a time

/**
 * A body each route accepts, so one hostile field at a time is tested against otherwise good
 * input. A route not listed here gets every field of its schema as a short string.
 */
export const VALID_BODIES: Record<string, (targets: { imageUrl: string }) => Record<string, unknown>> = {
  'POST /api/admin/login': () => ({ password: 'not the password' }),
  'PUT /api/admin/places/:id': ({ imageUrl }) => ({
    title: 'Abuse title',
    description: 'Abuse description',
    location: 'Paris',
    country: 'France',
    imageUrl,
    date: '2024-05-01',
  }),
  'POST /api/admin/cities': ({ imageUrl }) => ({ name: 'Abuse City', country: 'France', imageUrl }),
  'PUT /api/admin/cities/:id': ({ imageUrl }) => ({
    name: 'Abuse City',
    country: 'France',
    description: 'About it',
    imageUrl,
  }),
  'POST /api/admin/countries': ({ imageUrl }) => ({ name: 'Abuse Country', imageUrl }),
  'PUT /api/admin/countries/:id': ({ imageUrl }) => ({ name: 'Abuse Country', description: 'About it', imageUrl }),
  'POST /api/admin/places/:id/history': () => ({ languageCode: 'en' }),
  'POST /api/admin/places/:id/facts': () => ({ languageCode: 'en' }),
  'PUT /api/admin/places/:id/visit': () => ({
    address: 'Abuse street 1',
    openingHours: [{ days: ['mo'], opens: '09:00', closes: '17:00' }],
    price: { amount: 5, currency: 'EUR' },
    website: 'https://abuse.example/',
  }),
};
