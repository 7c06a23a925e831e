/** Tables of the iot modules. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the iot modules
export interface IotTables {}
