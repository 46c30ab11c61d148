/** CRC API (/api/predefined, /api/generate): filled in by the CRC generator issue. */
import { Router } from 'express';

export function crcRouter(): Router {
  return Router();
}
