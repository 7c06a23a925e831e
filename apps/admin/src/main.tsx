import { createRoot } from 'react-dom/client';
import './lib/i18n.ts';
import { App } from './app/app.tsx';
import './app/console.css';

createRoot(document.getElementById('root')!).render(<App />);
