#pragma D option aggsize=8m
#pragma D option bufsize=16m
#pragma D option dynvarsize=16m

pony$target:::gc-start,pony$target:::gc-end
{
    @pony[probename] = count();
}

pony$target:::heap-alloc
{
    @heap[probename] = quantize(arg1);
}

python$target:::function-entry
/ self->count == 0 /
{
    self->ts = timestamp;
    self->count = 1;
    self->line = arg2;
}
    
python$target:::function-entry
/ self->count > 0 /
{
    self->count = self->count + 1;
}
    
python$target:::function-return
/ self->ts != 0 && self->count > 1 /
{
    self->count = self->count - 1;
}

python$target:::function-return
/ self->ts != 0 && self->count == 1 /
{
    elapsed_ns = timestamp - self->ts;
    function = copyinstr(arg1);
    module = strjoin(",", basename(copyinstr(arg0)));
    line = strjoin(":", lltostr(self->line));
    @python[strjoin(function, strjoin(module, line))] = quantize(elapsed_ns);
    self->ts = 0;
    self->count = 0;
    self->line = 0;
}

io:::start
{
    @os["Disk I/O operation start count"] = count();
}

tick-5sec
{
    printf("Stopping after 5 seconds.\n");
    printf("\nValues in the @pony array (units = none)\n");
    printa(@pony);
    printf("\nValues in the @heap array (units = bytes)\n");
    printa(@heap);
    printf("\nValues in the @python array (units = nanoseconds/call)\n");
    printa(@python);
    printf("\nValues in the @os array (units = IO ops)\n");
    printa(@os);
    exit(0);
}
