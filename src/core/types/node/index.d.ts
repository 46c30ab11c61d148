// Stands in for @types/node inside src/core: a package whose declarations say
// `/// <reference types="node" />` (papaparse) resolves here, so Node's globals stay out of core.
export {};
