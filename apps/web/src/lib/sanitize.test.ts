// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps the formatting tags of an agreement', () => {
    expect(sanitizeHtml('<h2>Terms</h2><p>Read <strong>this</strong><br><em>now</em></p><ul><li>one</li></ul>')).toBe(
      '<h2>Terms</h2><p>Read <strong>this</strong><br><em>now</em></p><ul><li>one</li></ul>',
    );
  });

  it('removes scripts, styles and frames with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe>')).toBe('<p>a</p>');
  });

  it('drops event handlers, inline styles and classes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">text</p><img src=x onerror="alert(1)">')).toBe('<p>text</p>');
  });

  it('keeps the text of tags outside the allowlist', () => {
    expect(sanitizeHtml('<p>see <font color="red">this</font> <code>cell</code></p>')).toBe('<p>see this cell</p>');
  });

  it('keeps http(s) links, opening in a new tab without access to the page', () => {
    expect(sanitizeHtml('<a href="https://example.org/terms" title="t">terms</a>')).toBe(
      '<a href="https://example.org/terms" target="_blank" rel="noopener noreferrer">terms</a>',
    );
  });

  it('strips javascript: and data: links but keeps their text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href=" JaVaScRiPt:alert(1)">c</a>')).toBe(
      '<a>a</a><a>b</a><a>c</a>',
    );
  });

  it('does not let mutation-XSS through nested markup', () => {
    const out = sanitizeHtml('<svg><p><style><img src=x onerror=alert(1)></style></p></svg><math><mi><style><img src onerror=alert(2)>');
    expect(out).not.toMatch(/onerror|<img|<svg|<math|<style/i);
  });
});
