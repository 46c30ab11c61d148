/**
 * A router of API routes: its paths match in their exact letter case, as the app's own (server/app.ts
 * sets `case sensitive routing`), so `/api/HDL/uart` is no route for any method.
 */
import { Router } from 'express';

export const apiRouter = (): Router => Router({ caseSensitive: true });
