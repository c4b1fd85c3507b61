// The bookkeeping of a 4-entry FIFO: write and read pointers, a fill count, a running checksum
// of the bytes pushed, and whether anything was ever read. Four asserts: two hold, two fail.
// Made into fifo_ctl.btor2 by fifo_ctl.ys (yosys's write_btor; yosys 0.23):
//   yosys -q fifo_ctl.ys
module fifo_ctl(input clk, input push, input pop, input [7:0] din, output reg [2:0] count);
  reg [1:0] wptr, rptr;
  reg [7:0] sum;
  reg drained;
  initial begin
    wptr = 0;
    rptr = 0;
    count = 0;
    sum = 0;
    drained = 0;
  end
  wire do_push = push && count != 3'd4;
  wire do_pop = pop && count != 3'd0;
  always @(posedge clk) begin
    if (do_push) begin
      wptr <= wptr + 2'd1;
      sum <= sum + din;
    end
    if (do_pop) begin
      rptr <= rptr + 2'd1;
      drained <= 1;
    end
    count <= count + do_push - do_pop;
  end
  always @* begin
    // The environment never pushes a zero byte (an invariant constraint).
    assume (!push || din != 8'd0);
    // Fails: four pushes whose bytes add up to 255 fill the FIFO with that checksum.
    checksum_not_full: assert (!(count == 3'd4 && sum == 8'hff));
    count_bounded: assert (count <= 3'd4);
    pointers_agree: assert (wptr - rptr == count[1:0]);
    // Fails: after a read, pushes fill the FIFO up to three entries again.
    no_refill_after_read: assert (!(drained && count == 3'd3));
  end
endmodule
