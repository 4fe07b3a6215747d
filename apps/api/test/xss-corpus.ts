/**
 * Payloads that must never survive the rich-text sanitizer, shared by every feature with HTML fields
 * (blog posts, FAQ answers, legal documents, category and product descriptions).
 */
export const XSS_CORPUS: readonly string[] = [
  // Script tags, in several spellings.
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script/xss src="http://evil.example/x.js"></script>',
  // Event handlers.
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)" style="width:100%">hover</div>',
  '<a href="https://example.com" onfocus="alert(1)" autofocus>x</a>',
  '<details open ontoggle=alert(1)>',
  // javascript: URLs, obfuscated.
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<img src="javascript:alert(1)">',
  '<a href="vbscript:msgbox(1)">x</a>',
  // data: URLs.
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  // SVG payloads.
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  // Frames, embeds, forms, styles, meta refresh, base.
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  // Broken markup.
  '<img src="x" onerror="alert(1)"',
  '<<script>alert(1)//<</script>',
  '<a href="javascript:alert(1)"<b>unclosed',
  '<img """><script>alert(1)</script>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p>unclosed <b>bold <i>italic',
  '<template><script>alert(1)</script></template>',
];

/** What a sanitized output must not contain, whatever the payload. */
export const XSS_FORBIDDEN: readonly RegExp[] = [
  /<script/i,
  /<\/script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<svg/i,
  /<math/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<style/i,
  /style\s*=/i,
  /<meta/i,
  /<base/i,
  /<link/i,
  /<template/i,
  /xlink:href/i,
];

/** The forbidden patterns a sanitized string still holds (empty when it is safe). */
export function xssLeftovers(html: string): string[] {
  return XSS_FORBIDDEN.filter((pattern) => pattern.test(html)).map(String);
}
