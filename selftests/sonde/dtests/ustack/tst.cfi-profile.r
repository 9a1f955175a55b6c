cfi-prog`spin 7 7
