import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative Toast and Dialog with the React 18 render API; under
 * React 19 it needs a createRoot-based render function (its documented compatibility hook).
 */
type Container = (Element | DocumentFragment) & { __root?: Root };
unstableSetRender((node, container: Container) => {
  container.__root ??= createRoot(container);
  const root = container.__root;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    container.__root = undefined;
  };
});
