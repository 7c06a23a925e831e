// @vitest-environment jsdom
import { act, createElement, type ReactElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TextArea } from './text-area.tsx';
import { clampText, PlainInput, TEXT_MAX_LENGTH } from './text-field.tsx';
import { Input } from './text-input.tsx';

describe('clampText', () => {
  it('keeps 140 characters by default (spec §5) and a field its own limit', () => {
    expect(TEXT_MAX_LENGTH).toBe(140);
    expect(clampText('x'.repeat(200))).toBe('x'.repeat(140));
    expect(clampText('x'.repeat(140))).toBe('x'.repeat(140));
    expect(clampText('x'.repeat(50), 32)).toBe('x'.repeat(32));
    expect(clampText('路'.repeat(130), 120)).toBe('路'.repeat(120));
  });

  it('counts UTF-16 code units, as maxlength and the server do, and never splits a surrogate pair', () => {
    const rare = '\u{20000}'; // two code units
    expect(clampText(rare.repeat(75), 120)).toBe(rare.repeat(60));
    expect(clampText(`a${rare.repeat(3)}`, 4)).toBe(`a${rare}`);
    expect(clampText(rare, 1)).toBe('');
  });
});

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

function render(element: ReactElement): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(element));
  return host;
}

/** What a browser does when text is typed or pasted in: the element's value changes, then `input` fires. */
function enter(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** A field whose text the page holds, as forms do. */
function Held({ kind, maxLength }: { kind: 'input' | 'textarea'; maxLength?: number }) {
  const [value, setValue] = useState('');
  const props = { value, onChange: setValue, maxLength };
  return kind === 'input' ? createElement(Input, props) : createElement(TextArea, props);
}

describe('the text fields', () => {
  it('Input holds a held value to 140 by default, with the native limit set too', () => {
    const field = render(createElement(Held, { kind: 'input' })).querySelector('input')!;
    expect(field.maxLength).toBe(140);
    enter(field, 'y'.repeat(200));
    expect(field.value).toBe('y'.repeat(140));
  });

  it('TextArea holds its own limit, with the native limit set and the count in the same units', () => {
    const host = render(createElement(TextArea, { maxLength: 120, showCount: true }));
    const field = host.querySelector('textarea')!;
    expect(field.maxLength).toBe(120);
    enter(field, '\u{20000}'.repeat(75));
    expect(field.value).toBe('\u{20000}'.repeat(60));
    expect(host.querySelector('.adm-text-area-count')?.textContent).toBe('120/120');
  });

  it('TextArea held by the page keeps 140 by default', () => {
    const field = render(createElement(Held, { kind: 'textarea' })).querySelector('textarea')!;
    enter(field, 'z'.repeat(150));
    expect(field.value).toBe('z'.repeat(140));
  });

  it('PlainInput hands its change handler the cut value', () => {
    const seen: string[] = [];
    const field = render(createElement(PlainInput, { maxLength: 11, onChange: (e) => seen.push(e.target.value) })).querySelector('input')!;
    enter(field, '1'.repeat(20));
    expect(seen).toEqual(['1'.repeat(11)]);
    expect(field.maxLength).toBe(11);
  });
});
