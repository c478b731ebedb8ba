import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';

/** "Export Data": downloads the caller's orders as CSV, one row per order. */
export function ExportButton({ path, fallbackName }: { path: string; fallbackName: string }) {
  const [exporting, setExporting] = useState(false);
  async function exportData() {
    setExporting(true);
    try {
      await downloadFile(path, fallbackName);
    } catch (error) {
      toast({
        title: 'Export Failed',
        description:
          error instanceof ApiError
            ? error.userMessage('Failed to export data')
            : 'Failed to export data',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void exportData()} disabled={exporting}>
      <Download aria-hidden="true" />
      {exporting ? 'Exporting...' : 'Export Data'}
    </Button>
  );
}
