import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { inDependencyOrder } from './index.ts';

const plugin = (name: string, dependencies: string[] = []) => fp(async () => {}, { name, dependencies });
const names = (list: unknown[]) => list.map((p) => (p as unknown as Record<symbol, { name: string }>)[Symbol.for('plugin-meta')]!.name);

describe('inDependencyOrder', () => {
  it('puts every module after the modules it depends on, whatever the listed order', () => {
    const list = [plugin('orders', ['payments', 'site']), plugin('payments', ['site']), plugin('site')];
    expect(names(inDependencyOrder(list))).toEqual(['site', 'payments', 'orders']);
    expect(names(inDependencyOrder([...list].reverse()))).toEqual(['site', 'payments', 'orders']);
  });

  it('names a dependency that is not registered', () => {
    expect(() => inDependencyOrder([plugin('orders', ['payments'])])).toThrow('module orders depends on payments, which is not registered');
  });

  it('refuses modules that depend on each other', () => {
    expect(() => inDependencyOrder([plugin('a', ['b']), plugin('b', ['a'])])).toThrow(/in a circle/);
  });
});
