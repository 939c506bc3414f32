import { ChevronDown, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { ProjectFileUploader } from '#app/features/file-uploader/project-file-uploader.tsx';
import { toast } from '#app/lib/toast.ts';

/**
 * Upload masters: the shared project uploader, registering each finished file as a delivery (the
 * client is e-mailed). Opened on demand; once opened it stays mounted while hidden, so closing the
 * panel never stops an upload.
 */
export function DeliveryUploader({ projectId, onDelivered }: { projectId: number; onDelivered: () => void }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const toggle = () => {
    setOpen(!open);
    setOpened(true);
  };
  return (
    <div className="grid gap-3">
      <Button
        variant={open ? 'secondary' : 'primary'}
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Upload aria-hidden className="size-4" />
        Upload masters
        <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={panelId} hidden={!open}>
        {opened ? (
          <ProjectFileUploader
            projectId={projectId}
            registerPath={`/api/admin/projects/${projectId}/deliveries`}
            height={300}
            onRegistered={(file) => {
              toast({ title: 'Delivered', description: `${file.name} is ready for the client` });
              onDelivered();
            }}
            onRefused={(name, reason) => toast({ title: 'Error', description: `${name}: ${reason}`, variant: 'destructive' })}
          />
        ) : null}
      </div>
    </div>
  );
}
