import { useState } from 'react';

/**
 * The export button of a list page: runs the download and says whether it is under way (the button's
 * loading state); a failure was already shown by the request layer.
 */
export function useExport(exportFile: () => Promise<void>) {
  const [exporting, setExporting] = useState(false);

  async function run() {
    setExporting(true);
    try {
      await exportFile();
    } catch {
      // shown by the request layer
    } finally {
      setExporting(false);
    }
  }

  return { exporting, run };
}
