import { chromium } from '@playwright/test';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
await p.goto(`http://127.0.0.1:9804/shop/#${process.argv[2]}`);
await p.waitForTimeout(2000);
if (process.argv[4]) await p.evaluate(process.argv[4]);
if (process.argv[4]) await p.waitForTimeout(800);
await p.screenshot({ path: process.argv[3], fullPage: true });
await b.close();
