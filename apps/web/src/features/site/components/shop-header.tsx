import type { Front } from '@simshop/contract/site';

/** Logo and shop title band at the top of the home page. */
export function ShopHeader({ front }: { front: Front }) {
  return (
    <header className="shop-header">
      {front.logo ? <img className="shop-logo" src={front.logo} alt="" width={36} height={36} /> : null}
      <h1 className="shop-title">{front.title}</h1>
    </header>
  );
}
