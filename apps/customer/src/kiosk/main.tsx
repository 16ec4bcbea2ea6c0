import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/styles.css';
import './kiosk.css';
import { Kiosk } from './Kiosk';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Kiosk />
  </StrictMode>,
);
