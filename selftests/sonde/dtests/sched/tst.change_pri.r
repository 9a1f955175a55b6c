change-pri 10 (10 by itself), new 1255, old 1245

