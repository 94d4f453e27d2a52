import { describe, expect, it } from 'vitest';
import { isBlank, mentionedSlugs, plainText, sanitizeRichText, storedIsBlank, storedMentionedSlugs, storedPlainText, storedSummary, summary } from './rich-text.ts';

const REL = 'rel="noopener noreferrer nofollow" target="_blank"';
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'code', 'pre', 'span']);

/** Texts as people write them, for the readers of the stored form to agree with the readers of what was written. */
const WRITTEN = [
  '<h2>Title</h2><p>one&nbsp;&nbsp;<strong>bo</strong>ld</p><ul><li>a</li><li>b</li></ul>x<br>y',
  '<p>a &lt; b &amp; "c" &gt; d</p>',
  '<script>alert(1)</script><p onclick="x()">safe <a href="javascript:x()">link</a></p>',
  'plain text & <not a tag>, made paragraphs\n\nsecond',
  '<p>ask <span data-mention="ada-admin">Ada Admin</span> about it, and @jo-reporter (@pat-publicist)</p>',
  'write to jo@pressroom.local, not <span data-mention="eve-expert">@ada-admin</span>',
  '<p>   </p><p><br></p>',
  '<p><span data-mention="ada-admin"></span></p>',
  `<p>${'word '.repeat(60)}</p>`,
  '',
];

/** Every tag on the allow-list, with only the attributes it may have, and links that go somewhere safe. */
function expectOnlyAllowedMarkup(html: string) {
  for (const [, closing, name, attributes] of html.matchAll(/<(\/?)([a-zA-Z0-9-]+)([^>]*)>/g)) {
    expect(ALLOWED, html).toContain(name);
    const names = [...attributes!.matchAll(/([^\s=/]+)="[^"]*"/g)].map((m) => m[1]);
    if (name === 'a' && !closing) expect(names, html).toEqual(['href', 'rel', 'target']);
    else if (name === 'span' && names.length) expect(names, html).toEqual(['data-mention']);
    else expect(attributes!.replace(/\s*\/$/, ''), html).toBe('');
  }
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href, html).toMatch(/^(https?|mailto):/);
  expect(html).not.toMatch(/javascript:|<script|\son\w+=|style=/i);
}

describe('sanitizeRichText: what no one can smuggle in', () => {
  const vectors: [string, string, string][] = [
    ['a script tag, dropped with its code', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['a script tag with an entity-encoded payload', '<script>&lt;img src=x onerror=alert(1)&gt;</script>ok', '<p>ok</p>'],
    ['an image with onerror', '<p>look <img src="x" onerror="alert(1)"></p>', '<p>look </p>'],
    ['a javascript: link, kept as text', '<a href="javascript:alert(1)">click</a>', '<p>click</p>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>', '<p>click</p>'],
    ['a javascript: link in mixed case', '<a href="JaVaScRiPt:alert(1)">click</a>', '<p>click</p>'],
    ['a javascript: link hidden by a tab, a leading space and an entity', '<a href=" java&#x09;scr&#105;pt:alert(1)">click</a>', '<p>click</p>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">click</a>', '<p>click</p>'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">styled</p>', '<p>styled</p>'],
    ['class and event attributes', '<strong class="x" onclick="alert(1)" onmouseover="alert(2)">bold</strong>', '<strong>bold</strong>'],
    ['an svg with onload, dropped with its content', '<svg onload="alert(1)"><text>drawn</text></svg>after', '<p>after</p>'],
    ['an iframe, dropped with its content', '<iframe src="https://evil.example"><p>inside</p></iframe>after', '<p>after</p>'],
    ['a style tag', '<style>p { color: red }</style><p>x</p>', '<p>x</p>'],
    ['an object and an embed', '<object data="x.swf">o</object><embed src="x.swf">after', '<p>after</p>'],
    ['a form with a button', '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>', '<p>go</p>'],
    ['a comment', '<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['a tag-breaking attribute value', '<a href="https://example.com/&quot;onmouseover=&quot;alert(1)">x</a>', `<a href="https://example.com/%22onmouseover=%22alert(1)" ${REL}>x</a>`],
    ['a span that is not a mention', '<span style="color:red" class="big">loud</span>', '<p>loud</p>'],
    ['a mention span with a slug that is not one', '<span data-mention="a&quot; onclick=&quot;x">@a</span>', '<p>@a</p>'],
  ];

  it.each(vectors)('neutralizes %s', (_, input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    expectOnlyAllowedMarkup(output);
  });

  it('keeps the text of tags off the list, drops the tags', () => {
    expect(sanitizeRichText('<font color="red">1 &lt; 2</font>')).toBe('<p>1 &lt; 2</p>');
    expect(sanitizeRichText('<div><h1>Title</h1><p>Body <font color="red">red</font></p></div>')).toBe('Title<p>Body red</p>');
  });

  it('gives the same answer when sanitizing its own output', () => {
    const more = ['1 < 2 & 3\n\nTom &amp; Jerry', '<font>1 &lt; 2</font>', '<p>a&nbsp;b</p><a href="https://example.com">x</a>'];
    for (const input of [...vectors.map(([, html]) => html), ...more]) expect(sanitizeRichText(sanitizeRichText(input))).toBe(sanitizeRichText(input));
  });

  it('stays fast on long runs of spaces and empty paragraphs', () => {
    const spaces = ' '.repeat(200_000);
    const started = performance.now();
    for (const input of [`a${spaces}b`, `<p>a${spaces}b</p>${spaces}`, `${'<p></p>'.repeat(20_000)}x${'<p> </p>'.repeat(20_000)}`]) {
      sanitizeRichText(input);
      mentionedSlugs(input);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('sanitizeRichText: what is kept', () => {
  it('keeps the allowed markup as it is', () => {
    const html =
      '<h2>Launch</h2><h3>When</h3><h4>Where</h4><p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s><br />next</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quoted</p></blockquote><pre><code>const a = 1 &lt; 2;</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives every link rel="noopener noreferrer nofollow" and target="_blank", whatever it had', () => {
    expect(sanitizeRichText('<a href="https://example.com/news?a=1&b=2" rel="opener" target="_self" title="t">news</a>')).toBe(
      `<a href="https://example.com/news?a=1&amp;b=2" ${REL}>news</a>`,
    );
    expect(sanitizeRichText('<a href="http://example.com/">x</a>')).toBe(`<a href="http://example.com/" ${REL}>x</a>`);
    expect(sanitizeRichText('<a href="mailto:press@example.com">mail us</a>')).toBe(`<a href="mailto:press@example.com" ${REL}>mail us</a>`);
  });

  it('keeps only absolute links: relative and protocol-relative ones become text', () => {
    expect(sanitizeRichText('<p><a href="/u/ada-admin">Ada</a> <a href="//evil.example/">there</a> <a>no href</a></p>')).toBe('<p>Ada there no href</p>');
  });

  it('keeps a mention span with its slug and nothing else', () => {
    expect(sanitizeRichText('<p>Thanks <span data-mention="jo-reporter" class="mention" data-id="7">@Jo Reporter</span></p>')).toBe(
      '<p>Thanks <span data-mention="jo-reporter">@Jo Reporter</span></p>',
    );
  });

  it('trims empty paragraphs at the start and end, not in the middle', () => {
    expect(sanitizeRichText('<p></p><p> <br></p>\n<p>one</p><p></p><p>two</p><p>&nbsp;</p><p><br/></p>  ')).toBe('<p>one</p><p></p><p>two</p>');
    expect(sanitizeRichText('<p>&nbsp;</p>')).toBe('');
  });
});

describe('sanitizeRichText: plain text', () => {
  it('makes paragraphs of blank-line-separated blocks and <br> of single newlines', () => {
    expect(sanitizeRichText('Hello all,\nthe embargo lifts at 9.\n\n\nThanks\r\n\r\nJo\n')).toBe('<p>Hello all,<br />the embargo lifts at 9.</p><p>Thanks</p><p>Jo</p>');
  });

  it('escapes what would be markup', () => {
    expect(sanitizeRichText('if a < b && c > d\nthen "ok" I <3 it')).toBe('<p>if a &lt; b &amp;&amp; c &gt; d<br />then "ok" I &lt;3 it</p>');
    expect(sanitizeRichText('x<y')).toBe('<p>x&lt;y</p>');
  });

  it('trims the empty paragraphs around it', () => {
    expect(sanitizeRichText('\n\n  \n hello \n\n \n')).toBe('<p>hello</p>');
    expect(sanitizeRichText('   \n\n')).toBe('');
  });
});

describe('plainText and isBlank', () => {
  it('reads the text with blocks apart and whitespace collapsed', () => {
    expect(plainText('<h2>Title</h2><p>one&nbsp;&nbsp;<strong>bo</strong>ld</p><ul><li>a</li><li>b</li></ul>x<br>y')).toBe('Title one bold a b x y');
    expect(plainText('<p>a &lt; b &amp; "c"</p>')).toBe('a < b & "c"');
    expect(plainText('<script>alert(1)</script>safe')).toBe('safe');
  });

  it('reads text without markup as its stored form reads, whatever characters it has', () => {
    const pieces = ['a', 'Ünïcødé', '😀', ' ', '  ', '\n', '\n\n', '\r\n', '\t', '\u00a0', '\ufeff', '&', '&amp;', '&quot;', '&lt;', '<', '>', 'a<b', '"', "'", '<3', '1 > 0', '\\'];
    // A fixed walk through their combinations: the same texts every run.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join('');
      expect(plainText(text)).toBe(storedPlainText(sanitizeRichText(text)));
    }
  });

  it('calls blank what has no words and no mention', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('<p>&nbsp;</p><p><br></p>  ')).toBe(true);
    expect(isBlank('<img src=x><script>alert(1)</script>')).toBe(true);
    expect(isBlank('<p>hi</p>')).toBe(false);
    expect(isBlank('<span data-mention="ada-admin"></span>')).toBe(false);
  });
});

describe('summary', () => {
  it('returns short text whole', () => {
    expect(summary('<p>Embargo lifts at nine.</p>')).toBe('Embargo lifts at nine.');
    expect(summary('x'.repeat(140))).toBe('x'.repeat(140));
  });

  it('cuts at a word boundary with "…", within max', () => {
    const cut = summary('<p>The quick brown fox jumps over the lazy dog</p>', 20);
    expect(cut).toBe('The quick brown fox…');
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(summary('one, two, three', 10)).toBe('one, two…');
    expect(summary('word '.repeat(100)).length).toBeLessThanOrEqual(140);
  });

  it('cuts a single overlong word where it must', () => {
    expect(summary('Supercalifragilistic', 10)).toBe('Supercali…');
  });

  it('of rich text as stored, is the summary of what was written', () => {
    for (const html of WRITTEN) expect(storedSummary(sanitizeRichText(html), 60)).toBe(summary(html, 60));
  });
});

describe('mentionedSlugs', () => {
  it('finds @slug after the start, a space or a parenthesis', () => {
    expect(mentionedSlugs('@ada-admin meet @jo-reporter (@pat-publicist)\n@eve-expert')).toEqual(['ada-admin', 'jo-reporter', 'pat-publicist', 'eve-expert']);
  });

  it('does not take email addresses for mentions', () => {
    expect(mentionedSlugs('write to jo@pressroom.local or ada@example.com, cc @pat-publicist@example.com')).toEqual([]);
  });

  it('ignores what is not a slug', () => {
    expect(mentionedSlugs('@Ada @ @-dash @ada_admin @jo.example.com')).toEqual([]);
  });

  it('takes the slug up to the punctuation that ends it', () => {
    expect(mentionedSlugs('thanks @jo-reporter, @ada-admin. and @eve-expert!')).toEqual(['jo-reporter', 'ada-admin', 'eve-expert']);
  });

  it('names each person once, in order of first appearance', () => {
    expect(mentionedSlugs('@jo-reporter @ada-admin @jo-reporter <span data-mention="ada-admin">@Ada</span>')).toEqual(['jo-reporter', 'ada-admin']);
  });

  it('reads mention spans, without reading their display text as more mentions', () => {
    expect(mentionedSlugs('<p>@pat-publicist and <span data-mention="jo-reporter">@jo Reporter</span> then @ada-admin</p>')).toEqual([
      'pat-publicist',
      'jo-reporter',
      'ada-admin',
    ]);
  });

  it('sees mentions across paragraphs and inside formatting', () => {
    expect(mentionedSlugs('<p>hi</p><p>@ada-admin</p><p><strong>@jo-reporter</strong></p>')).toEqual(['ada-admin', 'jo-reporter']);
  });

  it('does not read mentions from dropped content', () => {
    expect(mentionedSlugs('<script>"@ada-admin"</script><a href="mailto:x@y.z" title="@jo-reporter">mail</a>')).toEqual([]);
  });
});

describe('the readers of rich text as stored', () => {
  it('read what sanitizeRichText made as the others read what was written', () => {
    for (const html of WRITTEN) {
      const clean = sanitizeRichText(html);
      expect(storedPlainText(clean), html).toBe(plainText(html));
      expect(storedMentionedSlugs(clean), html).toEqual(mentionedSlugs(html));
      expect(storedIsBlank(clean), html).toBe(isBlank(html));
    }
    // The texts above cover both answers of each reader.
    expect(WRITTEN.map((html) => isBlank(html))).toContain(true);
    expect(WRITTEN.flatMap((html) => mentionedSlugs(html))).toEqual(expect.arrayContaining(['ada-admin', 'jo-reporter', 'pat-publicist']));
  });
});
