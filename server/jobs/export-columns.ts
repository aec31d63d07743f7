/** The export columns live in the contract, so the PWA's offline export writes the same headers. */
export * from '../../contract/export-columns.ts';
