import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstLoad } from './app/first-load';
import './app/light/baseline.css';
import './styles.css';

startFirstLoad();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
