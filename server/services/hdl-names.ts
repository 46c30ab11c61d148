/** The generators POST /api/hdl/<generator> serves, in the order the OpenAPI document lists them. */
export const HDL_GENERATORS = ['crc', 'uart', 'fifo', 'fsm'] as const;
export type HdlGeneratorName = (typeof HDL_GENERATORS)[number];
